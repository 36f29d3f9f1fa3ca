package io.chronohook.observability;

import io.opentelemetry.api.common.AttributeKey;

/** The spans of a run's trace and their attributes. */
public final class SpanNames {

    /** The root: one release of a run from the gate until its attempt is recorded. */
    public static final String RUN = "chronohook.run";
    /** Released by the gate until a dispatch round took it from its tenant's ready list. */
    public static final String GATE_RELEASE = "chronohook.gate.release";
    /** The compare-and-set that claimed the run, with the rest of its batch. */
    public static final String BATCH_CLAIM = "chronohook.batch.claim";
    /** The HTTP attempt: request sent until the response was read or the attempt failed. */
    public static final String HTTP_ATTEMPT = "chronohook.http.attempt";
    /** Waiting for, and writing, the outcome batch that holds the attempt. */
    public static final String OUTCOME_RECORD = "chronohook.outcome.record";

    public static final AttributeKey<String> TENANT_ID = AttributeKey.stringKey("chronohook.tenant_id");
    public static final AttributeKey<String> RUN_ID = AttributeKey.stringKey("chronohook.run_id");
    public static final AttributeKey<String> JOB_ID = AttributeKey.stringKey("chronohook.job_id");
    public static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("chronohook.attempt");
    public static final AttributeKey<String> SCHEDULED_FOR = AttributeKey.stringKey("chronohook.scheduled_for");
    public static final AttributeKey<Long> BATCH_SIZE = AttributeKey.longKey("chronohook.batch.size");
    public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("chronohook.outcome");
    public static final AttributeKey<String> NEXT_STATE = AttributeKey.stringKey("chronohook.next_state");
    public static final AttributeKey<Long> LATENCY_MS = AttributeKey.longKey("chronohook.latency_ms");
    public static final AttributeKey<String> ERROR_CLASS = AttributeKey.stringKey("chronohook.error_class");
    public static final AttributeKey<Long> STATUS_CODE = AttributeKey.longKey("http.response.status_code");
    public static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    public static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");

    private SpanNames() {
    }
}
