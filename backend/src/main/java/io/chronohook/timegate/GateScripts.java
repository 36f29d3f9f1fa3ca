package io.chronohook.timegate;

/** The gate's Lua scripts: each runs atomically inside Redis, so a run id is released and taken exactly once. */
final class GateScripts {

    /**
     * Release, then take, in one atomic call per shard (so an idle round costs one round trip per shard).
     * Release: moves up to ARGV[2] members due by ARGV[1] (epoch ms) from the gate (KEYS[1]) into per-tenant ready
     * lists (ARGV[3] + tenant), stamped with the release time, and marks the tenants active (KEYS[2]).
     * Take: up to ARGV[4] released runs, weighted round-robin over the active tenants: each turn a tenant gives up to
     * ARGV[5] × its weight (ARGV[6] pairs of tenant, weight follow; unknown tenants weigh 1), so a tenant with a large
     * backlog cannot starve one with a few runs, and backlogged tenants share in proportion to their plans' weights.
     * Returns {@code tenant|run|releasedMs} items.
     */
    static final String RELEASE_AND_TAKE = """
            local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
            if #due > 0 then
              for _, member in ipairs(due) do
                local sep = string.find(member, '|', 1, true)
                local tenant = string.sub(member, 1, sep - 1)
                redis.call('RPUSH', ARGV[3] .. tenant, string.sub(member, sep + 1) .. '|' .. ARGV[1])
                redis.call('SADD', KEYS[2], tenant)
              end
              redis.call('ZREM', KEYS[1], unpack(due))
            end
            local max = tonumber(ARGV[4])
            local quantum = tonumber(ARGV[5])
            local weights = {}
            for i = 7, 6 + 2 * tonumber(ARGV[6]), 2 do weights[ARGV[i]] = tonumber(ARGV[i + 1]) end
            local out = {}
            if max <= 0 then return out end
            local live = redis.call('SMEMBERS', KEYS[2])
            while #out < max and #live > 0 do
              local total = 0
              for _, tenant in ipairs(live) do total = total + (weights[tenant] or 1) end
              local room = max - #out
              local still = {}
              for _, tenant in ipairs(live) do
                local weight = weights[tenant] or 1
                -- a full turn is quantum x weight; when the batch cannot hold a full turn for everyone, it is shared
                -- out in proportion to the weights instead, so a batch's share never depends on the turn order
                local n = quantum * weight
                if quantum * total > room then n = math.max(1, math.floor(room * weight / total)) end
                n = math.min(n, max - #out)
                if n <= 0 then
                  still[#still + 1] = tenant
                else
                  local items = redis.call('LPOP', ARGV[3] .. tenant, n)
                  if items then
                    for _, item in ipairs(items) do out[#out + 1] = tenant .. '|' .. item end
                  end
                  if items and #items == n then
                    still[#still + 1] = tenant
                  elseif redis.call('EXISTS', ARGV[3] .. tenant) == 0 then
                    redis.call('SREM', KEYS[2], tenant)
                  end
                end
              end
              live = still
            end
            return out
            """;

    private GateScripts() {
    }
}
