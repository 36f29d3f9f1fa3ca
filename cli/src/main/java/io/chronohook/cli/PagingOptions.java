package io.chronohook.cli;

import io.chronohook.cli.api.PageLimit;
import picocli.CommandLine.Option;

/** {@code --limit} and {@code --all} of every list command. */
public final class PagingOptions {

    @Option(names = "--limit", paramLabel = "N", defaultValue = "50",
            description = "List at most N items, newest first (default: ${DEFAULT-VALUE}); more than 200 are "
                    + "fetched over several pages.")
    private int limit;

    @Option(names = "--all", description = "List every item, following the pages to the end.")
    private boolean all;

    public PageLimit limit() {
        if (limit < 1) {
            throw CliFailure.usage("--limit must be at least 1, got " + limit);
        }
        return new PageLimit(limit, all);
    }
}
