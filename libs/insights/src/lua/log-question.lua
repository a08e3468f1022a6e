--[[
Logs one ended question once: its entry, the day's counters, top questions and documents, the
coverage gaps and its chat's summary. A second call for the same question (a retried job) changes
nothing.

KEYS[1] day's entries hash     KEYS[2] day's counters hash   KEYS[3] day's top questions zset
KEYS[4] day's wordings hash    KEYS[5] day's top documents zset  KEYS[6] day's gaps zset
KEYS[7] chat summary hash      KEYS[8] day's chats zset      KEYS[9] tenant's documents hash
KEYS[10..13] the version's counters hash, top questions zset, wordings hash, top documents zset
(the same counts again, for reports filtered by version; ignored without a version)
ARGV[1] question id   ARGV[2] entry (encoded)   ARGV[3] expiry of the day's keys (unix s)
ARGV[4] asked at (ms) ARGV[5] channel  ARGV[6] 'ready' | 'failed'  ARGV[7] not covered '1' | '0'
ARGV[8] ready latency bucket or ''   ARGV[9] first-partial latency bucket or ''
ARGV[10] normalised text   ARGV[11] text as asked   ARGV[12] chat id   ARGV[13] day (YYYYMMDD)
ARGV[14] retention (s)     ARGV[15] day's chats zset key with 'DAY' in place of the day
ARGV[16] cited documents JSON [[id, title, url], ...]   ARGV[17] docs version or ''

Returns 1 when logged, 0 when the question was already logged.
]]
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then
  return 0
end
local expire_at = tonumber(ARGV[3])
local asked = tonumber(ARGV[4])
local channel = ARGV[5]
local not_covered = ARGV[7] == '1'
local retention = tonumber(ARGV[14])

local docs = cjson.decode(ARGV[16])
local version = ARGV[17]

-- The counters and top lists of one scope (the tenant's, or one version's).
local function count(agg, top_questions, wordings, top_documents)
  redis.call('HINCRBY', agg, 'q', 1)
  redis.call('HINCRBY', agg, 'ch:' .. channel, 1)
  if ARGV[6] == 'failed' then redis.call('HINCRBY', agg, 'failed', 1) end
  if not_covered then
    redis.call('HINCRBY', agg, 'nc', 1)
    redis.call('HINCRBY', agg, 'nc:' .. channel, 1)
  end
  if ARGV[8] ~= '' then redis.call('HINCRBY', agg, 'r:' .. ARGV[8], 1) end
  if ARGV[9] ~= '' then redis.call('HINCRBY', agg, 'f:' .. ARGV[9], 1) end
  if ARGV[10] ~= '' then
    redis.call('ZINCRBY', top_questions, 1, ARGV[10])
    redis.call('HSETNX', wordings, ARGV[10], ARGV[11])
  end
  for _, doc in ipairs(docs) do redis.call('ZINCRBY', top_documents, 1, doc[1]) end
  redis.call('EXPIREAT', agg, expire_at)
  redis.call('EXPIREAT', top_questions, expire_at)
  redis.call('EXPIREAT', wordings, expire_at)
  redis.call('EXPIREAT', top_documents, expire_at)
end

count(KEYS[2], KEYS[3], KEYS[4], KEYS[5])
if version ~= '' then count(KEYS[10], KEYS[11], KEYS[12], KEYS[13]) end
if not_covered then redis.call('ZADD', KEYS[6], asked, ARGV[1]) end
for _, doc in ipairs(docs) do
  redis.call('HSET', KEYS[9], doc[1], cjson.encode({doc[2], doc[3]}))
end
redis.call('EXPIRE', KEYS[9], retention)

-- The chat's summary; the chat is listed under the day of its latest question only.
local first_at = tonumber(redis.call('HGET', KEYS[7], 'first_at') or '')
if not first_at or asked < first_at then
  redis.call('HSET', KEYS[7], 'first', ARGV[11], 'first_at', asked, 'ch', channel, 'v', version)
end
redis.call('HINCRBY', KEYS[7], 'n', 1)
if not_covered then redis.call('HINCRBY', KEYS[7], 'nc', 1) end
local refs = redis.call('HGET', KEYS[7], 'refs')
local ref = ARGV[13] .. '/' .. ARGV[1]
redis.call('HSET', KEYS[7], 'refs', refs and (refs .. ' ' .. ref) or ref)
local last = tonumber(redis.call('HGET', KEYS[7], 'last') or '')
if not last or asked >= last then
  local last_day = redis.call('HGET', KEYS[7], 'last_day')
  if last_day and last_day ~= ARGV[13] then
    redis.call('ZREM', string.gsub(ARGV[15], 'DAY', last_day), ARGV[12])
  end
  redis.call('HSET', KEYS[7], 'last', asked, 'last_day', ARGV[13])
  redis.call('ZADD', KEYS[8], asked, ARGV[12])
  last = asked
end
redis.call('EXPIREAT', KEYS[7], math.floor(last / 1000) + retention)

for i = 1, 6 do redis.call('EXPIREAT', KEYS[i], expire_at) end
redis.call('EXPIREAT', KEYS[8], expire_at)
return 1
