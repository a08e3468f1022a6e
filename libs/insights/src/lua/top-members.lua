--[[
The highest-scored members of the union of several sorted sets (per-day counts summed), without
sending the union to the client.

KEYS[1] scratch key (deleted before returning)   KEYS[2..] the sorted sets
ARGV[1] how many members

Returns a flat list member, score, member, score, ... highest first.
]]
local sources = {}
for i = 2, #KEYS do sources[#sources + 1] = KEYS[i] end
redis.call('ZUNIONSTORE', KEYS[1], #sources, unpack(sources))
local top = redis.call('ZREVRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1, 'WITHSCORES')
redis.call('DEL', KEYS[1])
return top
