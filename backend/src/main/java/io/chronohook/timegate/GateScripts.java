package io.chronohook.timegate;

/**
 * The gate's Lua scripts: each runs atomically inside Redis, so a run id is released and taken exactly once.
 *
 * <p>A gate member is {@code queue|run}: the queue is the tenant's id for its default lane, or {@code tenant/lane}
 * for a lane of its own (a priority digit and a flow key). Each queue has a ready list ({@code ready prefix + queue},
 * items {@code run|releasedMs}); each tenant with released runs is in the shard's active set, and its queues with
 * released runs are in a set ({@code lanes prefix + tenant}) and in a round-robin list ({@code turns prefix +
 * tenant}).
 */
final class GateScripts {

    /**
     * Release: moves up to ARGV[2] members due by ARGV[8] (epoch ms; ARGV[1] when absent) from the gate (KEYS[1])
     * into their queues' ready lists (ARGV[3] + queue), stamped with the release time ARGV[1], marks the tenants
     * active (KEYS[2]) and their queues ready (sets ARGV[6] + tenant, round-robin lists ARGV[7] + tenant). The runs
     * are gathered by queue first, so that a stampede of one tenant costs one push per queue, not three calls per
     * run, and the runs of every other tenant due just after it are out of the gate that much sooner.
     */
    private static final String RELEASE_PART = """
            local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[8] or ARGV[1], 'LIMIT', 0,
                                   tonumber(ARGV[2]))
            if #due > 0 then
              local items = {}
              local queues = {}
              for _, member in ipairs(due) do
                local sep = string.find(member, '|', 1, true)
                local queue = string.sub(member, 1, sep - 1)
                local list = items[queue]
                if not list then
                  list = {}
                  items[queue] = list
                  queues[#queues + 1] = queue
                end
                list[#list + 1] = string.sub(member, sep + 1) .. '|' .. ARGV[1]
              end
              for _, queue in ipairs(queues) do
                local slash = string.find(queue, '/', 1, true)
                local tenant = slash and string.sub(queue, 1, slash - 1) or queue
                redis.call('RPUSH', ARGV[3] .. queue, unpack(items[queue]))
                redis.call('SADD', KEYS[2], tenant)
                if redis.call('SADD', ARGV[6] .. tenant, queue) == 1 then
                  redis.call('RPUSH', ARGV[7] .. tenant, queue)
                end
              end
              redis.call('ZREM', KEYS[1], unpack(due))
            end
            """;

    /**
     * Release, then take, in one atomic call per shard (so an idle round costs one round trip per shard).
     * Take: up to ARGV[4] released runs, weighted round-robin over the active tenants: each turn a tenant gives up to
     * ARGV[5] × its fair-share weight (from the hash KEYS[3]), so a tenant with a large backlog cannot starve one with
     * a few runs, and backlogged tenants share in proportion to their plans' weights. An active tenant whose weight
     * is not in the hash yet gives nothing this time and is named in the answer, so its weight is looked up first.
     * Within a tenant's turn its queues are served by deficit round-robin: each visit a queue gives up to its weight
     * (the hash KEYS[4]; by default its priority's: high 16, normal 4, low 1), and a visit cut short by the end of
     * the turn keeps what is left of it (the hash KEYS[5]) for the tenant's next turn.
     * Returns {@code queue|run|releasedMs} items, then the bare ids of the tenants without a weight.
     */
    static final String RELEASE_AND_TAKE = RELEASE_PART + """
            local max = tonumber(ARGV[4])
            local quantum = tonumber(ARGV[5])
            local out = {}
            if max <= 0 then return out end
            local priorityWeight = {16, 4, 1}
            local function queueWeight(queue)
              local weight = redis.call('HGET', KEYS[4], queue)
              if weight then return tonumber(weight) end
              local slash = string.find(queue, '/', 1, true)
              if not slash then return priorityWeight[2] end
              local level = tonumber(string.sub(queue, slash + 1, slash + 1)) or 1
              return priorityWeight[level + 1] or priorityWeight[2]
            end
            -- gives up to n runs of the tenant's queues; returns how many, and whether any is left
            local function serve(tenant, n)
              local turns = ARGV[7] .. tenant
              if redis.call('LLEN', turns) == 0 then
                -- runs released before queues were kept: the tenant's default queue
                if redis.call('EXISTS', ARGV[3] .. tenant) == 0 then return 0, false end
                redis.call('SADD', ARGV[6] .. tenant, tenant)
                redis.call('RPUSH', turns, tenant)
              end
              if redis.call('LLEN', turns) == 1 then
                -- one queue: its share of the turn is the whole turn
                local queue = redis.call('LINDEX', turns, 0)
                local items = redis.call('LPOP', ARGV[3] .. queue, n)
                local taken = 0
                if items then
                  taken = #items
                  for _, item in ipairs(items) do out[#out + 1] = queue .. '|' .. item end
                end
                if redis.call('EXISTS', ARGV[3] .. queue) == 1 then return taken, true end
                redis.call('LPOP', turns)
                redis.call('HDEL', KEYS[5], queue)
                redis.call('SREM', ARGV[6] .. tenant, queue)
                return taken, false
              end
              local got = 0
              while got < n do
                local queue = redis.call('LPOP', turns)
                if not queue then break end
                local left = tonumber(redis.call('HGET', KEYS[5], queue) or '0')
                local visit = left > 0 and left or queueWeight(queue)
                local items = redis.call('LPOP', ARGV[3] .. queue, math.min(visit, n - got))
                local taken = 0
                if items then
                  taken = #items
                  for _, item in ipairs(items) do out[#out + 1] = queue .. '|' .. item end
                end
                got = got + taken
                if redis.call('EXISTS', ARGV[3] .. queue) == 0 then
                  redis.call('HDEL', KEYS[5], queue)
                  redis.call('SREM', ARGV[6] .. tenant, queue)
                elseif taken < visit then
                  redis.call('HSET', KEYS[5], queue, visit - taken)
                  redis.call('LPUSH', turns, queue)
                else
                  redis.call('HDEL', KEYS[5], queue)
                  redis.call('RPUSH', turns, queue)
                end
              end
              return got, redis.call('LLEN', turns) > 0
            end
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
                  local got, more = serve(tenant, n)
                  if more then
                    still[#still + 1] = tenant
                  else
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
    static final String RELEASE = RELEASE_PART + """
            return #due
            """;

    /** Each active tenant of a shard (KEYS[1]) with the runs in its queues' ready lists (ARGV[1] + queue). */
    static final String READY_DEPTHS = """
            local out = {}
            for _, tenant in ipairs(redis.call('SMEMBERS', KEYS[1])) do
              local depth = redis.call('LLEN', ARGV[1] .. tenant)
              for _, queue in ipairs(redis.call('SMEMBERS', ARGV[2] .. tenant)) do
                if queue ~= tenant then depth = depth + redis.call('LLEN', ARGV[1] .. queue) end
              end
              out[#out + 1] = tenant
              out[#out + 1] = tostring(depth)
            end
            return out
            """;

    private GateScripts() {
    }
}
