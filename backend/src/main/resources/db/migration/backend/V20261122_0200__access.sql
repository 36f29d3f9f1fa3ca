-- Members, API keys and signing secrets: owned by the backend's access and account stages.

create table member (
    id            uuid primary key,
    tenant_id     uuid not null references tenant (id),
    email         text not null check (email = lower(email) and length(email) between 3 and 254),
    password_hash text not null,
    role          text not null check (role in ('owner', 'admin', 'viewer')),
    created_at    timestamptz not null
);
create unique index member_email_key on member (email);
create index member_tenant_idx on member (tenant_id);

create table api_key (
    id           uuid primary key,
    tenant_id    uuid not null references tenant (id),
    name         text not null check (length(name) between 1 and 100),
    prefix       text not null,
    secret_hash  bytea not null check (length(secret_hash) = 32),
    scopes       text[] not null check (cardinality(scopes) > 0),
    created_at   timestamptz not null,
    last_used_at timestamptz,
    revoked_at   timestamptz
);
create unique index api_key_prefix_key on api_key (prefix);
create index api_key_tenant_active_idx on api_key (tenant_id, id desc) where revoked_at is null;

-- The current secret has expires_at null; a rotated-out secret keeps signing until expires_at.
create table signing_secret (
    id          uuid primary key,
    tenant_id   uuid not null references tenant (id),
    ciphertext  bytea not null,
    key_id      text not null,
    created_at  timestamptz not null,
    expires_at  timestamptz
);
create unique index signing_secret_current_key on signing_secret (tenant_id) where expires_at is null;
create index signing_secret_tenant_idx on signing_secret (tenant_id, created_at desc);
