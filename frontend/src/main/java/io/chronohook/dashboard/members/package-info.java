/** Members page: reads GET /api/v1/members and /api/v1/members/invitations, writes invitations, role changes and removals through the API (owners and admins only); the invited person's accept page is in signin. */
package io.chronohook.dashboard.members;
