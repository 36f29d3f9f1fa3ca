package io.chronohook.cli.api;

/**
 * How much of a list to fetch: at most {@code max} items, or every page when {@code all}. The API sends at most 200
 * items a page, so a larger {@code max} is fetched over several pages.
 */
public record PageLimit(int max, boolean all) {

    /** The most items the API sends in one page. */
    public static final int LARGEST_PAGE = 200;

    public PageLimit {
        if (max < 1) {
            throw new IllegalArgumentException("--limit must be at least 1");
        }
    }

    /** The {@code limit} of the next page, when {@code fetched} items are there already. */
    public int nextPageSize(int fetched) {
        return all ? LARGEST_PAGE : Math.min(LARGEST_PAGE, max - fetched);
    }

    /** Whether another page is wanted after {@code fetched} items. */
    public boolean wantsMore(int fetched) {
        return all || fetched < max;
    }
}
