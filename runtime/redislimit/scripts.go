package redislimit

import "github.com/redis/go-redis/v9"

// admitScript decides one call atomically: the API's back-off first, then
// the endpoint's cooldown, started with SET NX PX when the call is
// admitted and take is asked for. Redis runs a script alone, so no other
// replica's request falls between the check and the take.
//
// KEYS[1] the API's back-off (value: the status that asked for it),
// KEYS[2] the endpoint's cooldown; ARGV[1] the cooldown in ms (0: none),
// ARGV[2] "1" to take it. Answers {wait ms, status}: {0, 0} admits.
var admitScript = redis.NewScript(`
local b = redis.call('PTTL', KEYS[1])
if b > 0 then
  return {b, tonumber(redis.call('GET', KEYS[1])) or 429}
end
local w = tonumber(ARGV[1])
if w <= 0 then
  return {0, 0}
end
if ARGV[2] == '1' and redis.call('SET', KEYS[2], '1', 'NX', 'PX', w) then
  return {0, 0}
end
local c = redis.call('PTTL', KEYS[2])
if c == -1 then
  c = w
end
if c > 0 then
  return {c, 0}
end
return {0, 0}
`)

// backOffScript records the API's request to wait, never shortening one
// already recorded. KEYS[1] the API's back-off; ARGV[1] ms, ARGV[2] the
// status.
var backOffScript = redis.NewScript(`
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[1])
end
return 0
`)
