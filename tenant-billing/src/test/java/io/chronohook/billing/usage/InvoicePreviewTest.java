package io.chronohook.billing.usage;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.plan.Plan;
import org.junit.jupiter.api.Test;

class InvoicePreviewTest {

    private static final Plan PRO = new Plan("pro", "Pro", 2000, 1_000_000, 50, 200, 4, 10, 262144, 30, 50, 2900, 50);

    @Test
    void withinTheIncludedExecutionsOnlyTheMonthlyPriceIsDue() {
        InvoicePreview preview = InvoicePreview.of(PRO, 999_999);

        assertThat(preview.overageExecutions()).isZero();
        assertThat(preview.totalCents()).isEqualTo(2900);
    }

    @Test
    void overageIsChargedPerStartedThousand() {
        InvoicePreview preview = InvoicePreview.of(PRO, 1_002_001);

        assertThat(preview.overageExecutions()).isEqualTo(2001);
        assertThat(preview.overageCents()).isEqualTo(150);
        assertThat(preview.totalCents()).isEqualTo(3050);
    }
}
