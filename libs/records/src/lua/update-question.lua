--[[
Applies one change to a question record, appends the matching event to its stream and announces
the change, atomically. Terminal records (ready, failed) never change again, and a write from an
attempt that is no longer current (a worker whose job was handed on) is refused.

KEYS[1] question hash   KEYS[2] question event stream
ARGV[1] op: 'start' | 'status' | 'delta' | 'sources' | 'finish'
ARGV[2] attempt number of the writer ('start' sets it)
ARGV[3] now (ISO)   ARGV[4] change channel   ARGV[5] event type   ARGV[6] event data JSON
ARGV[7] op argument: status for 'start'/'status'/'finish', text for 'delta', sources JSON for 'sources'
ARGV[8] for 'finish': sources JSON   ARGV[9] for 'finish': error JSON or ''

Returns {version, event id}, or {-1} when the record is gone or terminal, {-2} for a stale attempt.
]]
local status = redis.call('HGET', KEYS[1], 'status')
if not status or status == 'ready' or status == 'failed' then
  return {-1}
end
local op = ARGV[1]
if op == 'start' then
  redis.call('HSET', KEYS[1], 'attempt', ARGV[2], 'response', '', 'sources', '[]', 'status', ARGV[7])
else
  if redis.call('HGET', KEYS[1], 'attempt') ~= ARGV[2] then
    return {-2}
  end
  if op == 'status' then
    redis.call('HSET', KEYS[1], 'status', ARGV[7])
  elseif op == 'delta' then
    local response = redis.call('HGET', KEYS[1], 'response') or ''
    redis.call('HSET', KEYS[1], 'response', response .. ARGV[7])
  elseif op == 'sources' then
    redis.call('HSET', KEYS[1], 'sources', ARGV[7])
  elseif op == 'finish' then
    redis.call('HSET', KEYS[1], 'status', ARGV[7], 'sources', ARGV[8], 'error', ARGV[9])
  end
end
local version = redis.call('HINCRBY', KEYS[1], 'version', 1)
redis.call('HSET', KEYS[1], 'updated_at', ARGV[3])
local id = redis.call('XADD', KEYS[2], '*', 'type', ARGV[5], 'data', ARGV[6])
redis.call('PUBLISH', ARGV[4], version)
return {version, id}
