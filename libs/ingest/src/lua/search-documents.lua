--[[
One bounded step of a document search: reads up to a budget of a tenant's document ids in id
order after the cursor, and keeps those whose search text holds every term (plain substring
match; texts and terms are lower-cased by the caller). Bounded so a search of a large tenant
never blocks Redis for long: the caller continues from the cursor returned.

KEYS[1] document index (sorted set of ids, all score 0)   KEYS[2] search texts (hash id → text)
ARGV[1] cursor: the last id already read ('' from the start)
ARGV[2] matches wanted   ARGV[3] ids to read at most   ARGV[4..] terms

Returns {cursor, matches}: the last id read when ids remain after it, else ''; the matching ids.
]]
local want = tonumber(ARGV[2])
local budget = tonumber(ARGV[3])
local terms = {}
for i = 4, #ARGV do
  terms[#terms + 1] = ARGV[i]
end
local matches = {}
local start = ARGV[1] == '' and '-' or '(' .. ARGV[1]
local read = 0
while read < budget do
  local step = math.min(500, budget - read)
  local ids = redis.call('ZRANGEBYLEX', KEYS[1], start, '+', 'LIMIT', 0, step)
  if #ids == 0 then
    return {'', matches}
  end
  local texts = redis.call('HMGET', KEYS[2], unpack(ids))
  for i, id in ipairs(ids) do
    local text = texts[i] or string.lower(id)
    local all = true
    for _, term in ipairs(terms) do
      if not string.find(text, term, 1, true) then
        all = false
        break
      end
    end
    if all then
      matches[#matches + 1] = id
      if #matches == want then
        return {id, matches}
      end
    end
  end
  read = read + #ids
  start = '(' .. ids[#ids]
  if #ids < step then
    return {'', matches}
  end
end
return {string.sub(start, 2), matches}
