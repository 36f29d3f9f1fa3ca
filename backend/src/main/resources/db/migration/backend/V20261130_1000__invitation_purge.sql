-- Invitations are forgotten a while after they expire (chronohook.teams.invitation-retention); the hourly purge
-- finds them by expiry.
create index invitation_expires_idx on invitation (expires_at);
