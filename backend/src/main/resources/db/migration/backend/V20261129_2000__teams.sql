-- Teams: invitations to join a tenant, and the outbox of mails (the invitation mail is its first kind).

-- An invitation is pending until it is accepted, revoked or expires; the token is kept only as its SHA-256 hash.
create table invitation (
    id          uuid primary key,
    tenant_id   uuid not null references tenant (id),
    email       text not null check (email = lower(email) and length(email) between 3 and 254),
    role        text not null check (role in ('owner', 'admin', 'viewer')),
    token_hash  bytea not null,
    invited_by  text not null,
    created_at  timestamptz not null,
    expires_at  timestamptz not null,
    accepted_at timestamptz,
    member_id   uuid,
    revoked_at  timestamptz,
    check (accepted_at is null or revoked_at is null)
);
create unique index invitation_token_key on invitation (token_hash);
create index invitation_open_idx on invitation (tenant_id, id) where accepted_at is null and revoked_at is null;
-- The hourly limit of invitations per tenant counts the recent ones.
create index invitation_tenant_created_idx on invitation (tenant_id, created_at);

-- Mails waiting to be sent, written in the transaction of the change that causes them; the sender loop takes due
-- ones, sends them (SMTP, or the log when no SMTP server is configured) and retries with backoff. A sent mail's
-- body is cleared: it may hold a secret link.
create table mail_outbox (
    id              uuid primary key,
    tenant_id       uuid references tenant (id),
    recipient       text not null,
    subject         text not null,
    body            text not null,
    created_at      timestamptz not null,
    next_attempt_at timestamptz not null,
    attempts        int not null default 0,
    last_error      text,
    sent_at         timestamptz,
    failed_at       timestamptz
);
create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null;
