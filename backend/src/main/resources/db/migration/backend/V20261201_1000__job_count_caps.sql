-- Each stripe of a tenant's job count gets a share of the plan's limit (its cap): a single create adds to a stripe
-- only while that stripe is below its cap, checked on the locked row, so the stripes' caps summing to the limit keep
-- the tenant within it without reading the other stripes. cap_for is the limit the caps were shared out for; a
-- create under another limit (the plan changed) finds no stripe and shares the caps out again, holding every stripe.
alter table job_count
    add column cap     bigint not null default 0,
    add column cap_for bigint;
