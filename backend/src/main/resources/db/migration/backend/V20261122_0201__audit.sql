-- Audit log: who changed what, when. Owned by the backend's audit stage.

create table audit_event (
    id          uuid primary key,
    tenant_id   uuid not null references tenant (id),
    occurred_at timestamptz not null,
    actor_type  text not null check (actor_type in ('member', 'api_key', 'operator', 'system')),
    actor_id    text,
    action      text not null,
    target_type text not null,
    target_id   text,
    details     jsonb not null default '{}'::jsonb
);
create index audit_event_tenant_idx on audit_event (tenant_id, id desc);
