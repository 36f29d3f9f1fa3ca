package io.chronohook.billing.plan;

import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Reads the plan catalogue. */
@Repository
public class PlanStore {

    private final DatabaseClient db;

    public PlanStore(DatabaseClient db) {
        this.db = db;
    }

    public Flux<Plan> findAll() {
        return db.sql(PlanSql.FIND_ALL).map(PlanStore::toPlan).all();
    }

    public Mono<Plan> find(String code) {
        return db.sql(PlanSql.FIND).bind("code", code).map(PlanStore::toPlan).one();
    }

    /** Creates the plan or replaces its limits; tenants on it get the new limits. */
    public Mono<Void> save(Plan plan) {
        DatabaseClient.GenericExecuteSpec spec = db.sql(PlanSql.UPSERT);
        spec = plan.endpointMaxInFlight() == null ? spec.bindNull("endpointMaxInFlight", Integer.class)
                : spec.bind("endpointMaxInFlight", plan.endpointMaxInFlight());
        return spec
                .bind("code", plan.code()).bind("name", plan.name()).bind("maxJobs", plan.maxJobs())
                .bind("executionsPerMonth", plan.executionsPerMonth())
                .bind("dispatchRatePerSecond", plan.dispatchRatePerSecond())
                .bind("dispatchBurst", plan.dispatchBurst()).bind("fairShareWeight", plan.fairShareWeight())
                .bind("minIntervalSeconds", plan.minIntervalSeconds()).bind("maxPayloadBytes", plan.maxPayloadBytes())
                .bind("historyRetentionDays", plan.historyRetentionDays())
                .bind("apiRequestsPerSecond", plan.apiRequestsPerSecond())
                .bind("monthlyPriceCents", plan.monthlyPriceCents())
                .bind("overageCentsPer1000", plan.overageCentsPer1000())
                .bind("maxRunningSeconds", plan.maxRunningSeconds())
                .bind("maxCheckpointBytes", plan.maxCheckpointBytes())
                .then();
    }

    private static Plan toPlan(Readable row) {
        return new Plan(
                row.get("code", String.class),
                row.get("name", String.class),
                row.get("max_jobs", Long.class),
                row.get("executions_per_month", Long.class),
                row.get("dispatch_rate_per_second", Integer.class),
                row.get("dispatch_burst", Integer.class),
                row.get("fair_share_weight", Integer.class),
                row.get("min_interval_seconds", Integer.class),
                row.get("max_payload_bytes", Integer.class),
                row.get("history_retention_days", Integer.class),
                row.get("api_requests_per_second", Integer.class),
                row.get("monthly_price_cents", Long.class),
                row.get("overage_cents_per_1000", Long.class),
                row.get("max_running_seconds", Long.class),
                row.get("max_checkpoint_bytes", Integer.class),
                row.get("endpoint_max_in_flight", Integer.class));
    }
}
