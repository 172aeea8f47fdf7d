package invoke

import (
	"context"
	"sync"
	"time"
)

// maxLimiterEntries bounds the cooldowns and back-offs a MemoryLimiter
// remembers.
const maxLimiterEntries = 4096

// MemoryLimiter is the Limiter of one process: cooldowns and back-offs in
// bounded tables. When a table is full, entries whose time has passed are
// dropped, and if none has, the one that ends first goes.
type MemoryLimiter struct {
	mu       sync.Mutex
	cooldown map[string]time.Time  // endpoint key → end of its cooldown
	backoff  map[string]apiBackOff // API key → the API's back-off
	now      func() time.Time
}

type apiBackOff struct {
	until  time.Time
	status int
}

// NewMemoryLimiter returns an empty MemoryLimiter.
func NewMemoryLimiter() *MemoryLimiter {
	return &MemoryLimiter{cooldown: map[string]time.Time{}, backoff: map[string]apiBackOff{}, now: time.Now}
}

func apiKey(c LimitCall) string      { return c.Spec + "\x00" + c.Origin }
func endpointKey(c LimitCall) string { return apiKey(c) + "\x00" + c.Endpoint }

// Admit implements Limiter; it never fails.
func (m *MemoryLimiter) Admit(_ context.Context, call LimitCall, take bool) (Wait, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	if b, ok := m.backoff[apiKey(call)]; ok {
		if left := b.until.Sub(now); left > 0 {
			return Wait{Duration: left, Status: b.status}, nil
		}
		delete(m.backoff, apiKey(call))
	}
	if call.Window <= 0 {
		return Wait{}, nil
	}
	k := endpointKey(call)
	if left := m.cooldown[k].Sub(now); left > 0 {
		return Wait{Duration: left}, nil
	}
	if take {
		if _, ok := m.cooldown[k]; !ok && len(m.cooldown) >= maxLimiterEntries {
			evict(m.cooldown, now, func(t time.Time) time.Time { return t })
		}
		m.cooldown[k] = now.Add(call.Window)
	}
	return Wait{}, nil
}

// BackOff implements Limiter; it never fails.
func (m *MemoryLimiter) BackOff(_ context.Context, call LimitCall, d time.Duration, status int) error {
	if d <= 0 {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	k := apiKey(call)
	until := now.Add(d)
	if b, ok := m.backoff[k]; ok && !b.until.Before(until) {
		return nil
	}
	if _, ok := m.backoff[k]; !ok && len(m.backoff) >= maxLimiterEntries {
		evict(m.backoff, now, func(b apiBackOff) time.Time { return b.until })
	}
	m.backoff[k] = apiBackOff{until: until, status: status}
	return nil
}

// evict drops the entries of t that have ended, or the one that ends
// first when none has.
func evict[V any](t map[string]V, now time.Time, end func(V) time.Time) {
	first, firstEnd := "", time.Time{}
	for k, v := range t {
		e := end(v)
		if !e.After(now) {
			delete(t, k)
			continue
		}
		if first == "" || e.Before(firstEnd) {
			first, firstEnd = k, e
		}
	}
	if len(t) >= maxLimiterEntries {
		delete(t, first)
	}
}
