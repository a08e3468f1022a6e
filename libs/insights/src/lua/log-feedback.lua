--[[
Records the latest rating of a logged question: keeps it beside the entry, moves the day's and
the chat's thumbs counters when the rating changes, and adds a thumbs-down question to the day's
coverage gaps (or takes it out again when it turns up and was covered).

KEYS[1] day's entries hash   KEYS[2] day's counters hash   KEYS[3] day's gaps zset
KEYS[4] chat summary hash   KEYS[5] the day's counters hash of the question's version
ARGV[1] question id   ARGV[2] rating 'up' | 'down'   ARGV[3] feedback (encoded ["up"|"down", details, url])
ARGV[4] '1' when the question has a version (KEYS[5] is counted too), else ''

Returns 1 when recorded, 0 when the question is not logged (yet).
]]
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then
  return 0
end
local field = ARGV[1] .. '!fb'
local previous = redis.call('HGET', KEYS[1], field)
local old = previous and string.match(previous, '^%["(%a+)"')
local new = ARGV[2]
redis.call('HSET', KEYS[1], field, ARGV[3])
if old ~= new then
  if old then
    redis.call('HINCRBY', KEYS[2], old, -1)
    if ARGV[4] == '1' then redis.call('HINCRBY', KEYS[5], old, -1) end
    if redis.call('EXISTS', KEYS[4]) == 1 then redis.call('HINCRBY', KEYS[4], old, -1) end
  end
  redis.call('HINCRBY', KEYS[2], new, 1)
  if ARGV[4] == '1' then redis.call('HINCRBY', KEYS[5], new, 1) end
  if redis.call('EXISTS', KEYS[4]) == 1 then redis.call('HINCRBY', KEYS[4], new, 1) end
end
local entry = cjson.decode(raw)
if new == 'down' then
  redis.call('ZADD', KEYS[3], entry[1], ARGV[1])
  redis.call('EXPIREAT', KEYS[3], redis.call('EXPIRETIME', KEYS[1]))
elseif entry[7] ~= 1 then
  redis.call('ZREM', KEYS[3], ARGV[1])
end
return 1
