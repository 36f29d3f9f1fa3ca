package io.chronohook.flow;

/** Named SQL for the endpoint_limit and flow_key tables. */
final class FlowSql {

    private FlowSql() {
    }

    static final String LIMIT_COLUMNS = "max_in_flight, rate_limit, rate_period_ms, rate_burst, updated_at";

    static final String SAVE_KEY = """
            insert into flow_key (tenant_id, key, weight, max_in_flight, rate_limit, rate_period_ms, rate_burst,
                                  created_at, updated_at)
            values (:tenantId, :key, :weight, :maxInFlight, :rateLimit, :ratePeriodMs, :rateBurst, :now, :now)
            on conflict (tenant_id, key) do update
               set weight = excluded.weight, max_in_flight = excluded.max_in_flight,
                   rate_limit = excluded.rate_limit, rate_period_ms = excluded.rate_period_ms,
                   rate_burst = excluded.rate_burst, updated_at = excluded.updated_at
            returning key, weight,\s""" + LIMIT_COLUMNS;

    static final String FIND_KEY = "select key, weight, " + LIMIT_COLUMNS + """
              from flow_key
             where tenant_id = :tenantId and key = :key
            """;

    static final String LIST_KEYS = "select key, weight, " + LIMIT_COLUMNS + """
              from flow_key
             where tenant_id = :tenantId
             order by key
            """;

    static final String DELETE_KEY = """
            delete from flow_key where tenant_id = :tenantId and key = :key
            """;

    static final String SAVE_ENDPOINT = """
            insert into endpoint_limit (tenant_id, host, max_in_flight, rate_limit, rate_period_ms, rate_burst,
                                        created_at, updated_at)
            values (:tenantId, :host, :maxInFlight, :rateLimit, :ratePeriodMs, :rateBurst, :now, :now)
            on conflict (tenant_id, host) do update
               set max_in_flight = excluded.max_in_flight, rate_limit = excluded.rate_limit,
                   rate_period_ms = excluded.rate_period_ms, rate_burst = excluded.rate_burst,
                   updated_at = excluded.updated_at
            returning host,\s""" + LIMIT_COLUMNS;

    static final String FIND_ENDPOINT = "select host, " + LIMIT_COLUMNS + """
              from endpoint_limit
             where tenant_id = :tenantId and host = :host
            """;

    static final String LIST_ENDPOINTS = "select host, " + LIMIT_COLUMNS + """
              from endpoint_limit
             where tenant_id = :tenantId
             order by host
            """;

    static final String DELETE_ENDPOINT = """
            delete from endpoint_limit where tenant_id = :tenantId and host = :host
            """;
}
