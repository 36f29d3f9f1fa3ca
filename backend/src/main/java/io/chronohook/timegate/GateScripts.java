package io.chronohook.timegate;

/** The gate's Lua scripts: each runs atomically inside Redis, so a run id is released and taken exactly once. */
final class GateScripts {

    /**
     * Release, then take, in one atomic call per shard (so an idle round costs one round trip per shard).
     * Release: moves up to ARGV[2] members due by ARGV[1] (epoch ms) from the gate (KEYS[1]) into per-tenant ready
     * lists (ARGV[3] + tenant), stamped with the release time, and marks the tenants active (KEYS[2]).
     * Take: up to ARGV[4] released runs, weighted round-robin over the active tenants: each turn a tenant gives up to
     * ARGV[5] × its fair-share weight (from the hash KEYS[3]), so a tenant with a large backlog cannot starve one with
     * a few runs, and backlogged tenants share in proportion to their plans' weights. An active tenant whose weight
     * is not in the hash yet gives nothing this time and is named in the answer, so its weight is looked up first.
     * Returns {@code tenant|run|releasedMs} items, then the bare ids of the tenants without a weight.
     */
    static final String RELEASE_AND_TAKE = Release.PART + """
            local max = tonumber(ARGV[4])
            local quantum = tonumber(ARGV[5])
            local out = {}
            if max <= 0 then return out end
            local live = {}
            local unweighted = {}
            local weights = {}
            for _, tenant in ipairs(redis.call('SMEMBERS', KEYS[2])) do
              local weight = redis.call('HGET', KEYS[3], tenant)
              if weight then
                weights[tenant] = tonumber(weight)
                live[#live + 1] = tenant
              else
                unweighted[#unweighted + 1] = tenant
              end
            end
            while #out < max and #live > 0 do
              local total = 0
              for _, tenant in ipairs(live) do total = total + weights[tenant] end
              local room = max - #out
              local still = {}
              for _, tenant in ipairs(live) do
                local weight = weights[tenant]
                -- a full turn is quantum x weight; when the batch cannot hold a full turn for everyone, it is shared
                -- out in proportion to the weights instead, so a batch's share never depends on the turn order
                local n = quantum * weight
                if quantum * total > room then n = math.max(1, math.floor(room * weight / total + 0.5)) end
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
            for _, tenant in ipairs(unweighted) do out[#out + 1] = tenant end
            return out
            """;

    /** The release alone (as in {@link #RELEASE_AND_TAKE}); returns how many runs it released. */
    static final String RELEASE = Release.PART + """
            return #due
            """;

    /** Each active tenant of a shard (KEYS[1]) with the length of its ready list (ARGV[1] + tenant), flattened. */
    static final String READY_DEPTHS = """
            local out = {}
            for _, tenant in ipairs(redis.call('SMEMBERS', KEYS[1])) do
              out[#out + 1] = tenant
              out[#out + 1] = tostring(redis.call('LLEN', ARGV[1] .. tenant))
            end
            return out
            """;

    private static final class Release {
        static final String PART = """
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
            """;
    }

    private GateScripts() {
    }
}
