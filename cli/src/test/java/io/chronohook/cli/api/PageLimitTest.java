package io.chronohook.cli.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PageLimitTest {

    @Test
    void asksForNoMoreThanTheRestOfTheLimitAndAtMostTheLargestPage() {
        PageLimit limit = new PageLimit(450, false);

        assertThat(limit.nextPageSize(0)).isEqualTo(200);
        assertThat(limit.nextPageSize(400)).isEqualTo(50);
        assertThat(limit.wantsMore(449)).isTrue();
        assertThat(limit.wantsMore(450)).isFalse();
    }

    @Test
    void allFetchesTheLargestPagesUntilTheEnd() {
        PageLimit all = new PageLimit(50, true);

        assertThat(all.nextPageSize(10_000)).isEqualTo(PageLimit.LARGEST_PAGE);
        assertThat(all.wantsMore(10_000)).isTrue();
    }

    @Test
    void queryParametersAreEncodedAndAbsentOnesLeftOut() {
        assertThat(Query.of().add("label", "team:a b").add("state", null).add("limit", 5).render())
                .isEqualTo("?label=team%3Aa%20b&limit=5");
        assertThat(Query.of().render()).isEmpty();
        assertThat(Query.segment("../x/y")).isEqualTo("..%2Fx%2Fy");
    }
}
