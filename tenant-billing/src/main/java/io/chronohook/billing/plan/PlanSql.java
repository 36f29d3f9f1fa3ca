package io.chronohook.billing.plan;

/** Named SQL for the plan table. */
final class PlanSql {

    private static final String COLUMNS = """
            code, name, max_jobs, executions_per_month, dispatch_rate_per_second, dispatch_burst,
            fair_share_weight, min_interval_seconds, max_payload_bytes, history_retention_days,
            api_requests_per_second, monthly_price_cents, overage_cents_per_1000, max_running_seconds,
            max_checkpoint_bytes, endpoint_max_in_flight
            """;

    static final String FIND_ALL = "select " + COLUMNS + " from plan order by monthly_price_cents, code";

    static final String FIND = "select " + COLUMNS + " from plan where code = :code";

    /** Creates a plan or replaces its limits. */
    static final String UPSERT = """
            insert into plan (code, name, max_jobs, executions_per_month, dispatch_rate_per_second, dispatch_burst,
                              fair_share_weight, min_interval_seconds, max_payload_bytes, history_retention_days,
                              api_requests_per_second, monthly_price_cents, overage_cents_per_1000,
                              max_running_seconds, max_checkpoint_bytes, endpoint_max_in_flight)
            values (:code, :name, :maxJobs, :executionsPerMonth, :dispatchRatePerSecond, :dispatchBurst,
                    :fairShareWeight, :minIntervalSeconds, :maxPayloadBytes, :historyRetentionDays,
                    :apiRequestsPerSecond, :monthlyPriceCents, :overageCentsPer1000, :maxRunningSeconds,
                    :maxCheckpointBytes, :endpointMaxInFlight)
            on conflict (code) do update
               set name = excluded.name, max_jobs = excluded.max_jobs,
                   executions_per_month = excluded.executions_per_month,
                   dispatch_rate_per_second = excluded.dispatch_rate_per_second,
                   dispatch_burst = excluded.dispatch_burst, fair_share_weight = excluded.fair_share_weight,
                   min_interval_seconds = excluded.min_interval_seconds,
                   max_payload_bytes = excluded.max_payload_bytes,
                   history_retention_days = excluded.history_retention_days,
                   api_requests_per_second = excluded.api_requests_per_second,
                   monthly_price_cents = excluded.monthly_price_cents,
                   overage_cents_per_1000 = excluded.overage_cents_per_1000,
                   max_running_seconds = excluded.max_running_seconds,
                   max_checkpoint_bytes = excluded.max_checkpoint_bytes,
                   endpoint_max_in_flight = excluded.endpoint_max_in_flight,
                   updated_at = now()
            """;

    private PlanSql() {
    }
}
