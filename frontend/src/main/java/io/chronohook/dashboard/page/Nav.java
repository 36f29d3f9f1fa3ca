package io.chronohook.dashboard.page;

/** The sections of the signed-in dashboard, in the order the sidebar lists them. */
public enum Nav {
    JOBS("Jobs", "/jobs", false),
    DEAD_LETTERS("Dead letters", "/dead-letters", false),
    ENDPOINTS("Endpoints", "/endpoints", false),
    USAGE("Usage & plan", "/usage", false),
    INVOICES("Invoices", "/invoices", false),
    MEMBERS("Members", "/members", false),
    API_KEYS("API keys", "/api-keys", true),
    SIGNING_SECRET("Signing secret", "/settings/signing-secret", true),
    ALERTS("Alerts", "/settings/alerts", true),
    AUDIT("Audit log", "/audit", true),
    OPERATOR("Operator", "/operator", false),
    NONE("", "", false);

    private final String label;
    private final String href;
    private final boolean adminOnly;

    Nav(String label, String href, boolean adminOnly) {
        this.label = label;
        this.href = href;
        this.adminOnly = adminOnly;
    }

    public String label() {
        return label;
    }

    public String href() {
        return href;
    }

    public boolean adminOnly() {
        return adminOnly;
    }

    /** The sections a tenant's member sees in the sidebar. */
    public static Nav[] tenantSections() {
        return new Nav[] {JOBS, DEAD_LETTERS, ENDPOINTS, USAGE, INVOICES, MEMBERS, API_KEYS, SIGNING_SECRET, ALERTS, AUDIT};
    }
}
