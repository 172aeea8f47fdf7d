package service

import "testing"

func TestRedact(t *testing.T) {
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"headers", redactHeaders(map[string]string{
			"Authorization": "Bearer t", "X-API-Key": "k", "Proxy-Authorization": "p", "X-Session-Id": "s",
			"Accept-Language": "de", "X-Request-Id": "r",
		}), "Accept-Language=de Authorization=*** Proxy-Authorization=*** X-API-Key=*** X-Request-Id=r X-Session-Id=***"},
		{"cookies", redactAll(map[string]string{"b": "2", "a": "1"}), "a=*** b=***"},
		{"empty", redactHeaders(nil), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}
