package main

import "testing"

func TestAnswerNamed(t *testing.T) {
	names := overviewNames("Clinic: 9 endpoints; tags with the most: Clinical (6), Patients (3); resources: amendments, eobs, appointment_profiles.")
	for _, c := range []struct {
		want []string
		ok   bool
	}{
		{[]string{"POST /api/amendments"}, true},
		{[]string{"GET /api/patients/{id}"}, true}, // a tag, singular or plural
		{[]string{"GET /api/appointment_profiles"}, true},
		{[]string{"GET /api/eobs/{id}/lines"}, false}, // only the last literal segment counts
		{[]string{"GET /api/insurances", "GET /api/eobs"}, true},
		{[]string{"GET /clinic"}, false}, // the API's title is not a resource
	} {
		if got := answerNamed(names, c.want); got != c.ok {
			t.Errorf("answerNamed(%v) = %v, want %v", c.want, got, c.ok)
		}
	}
}
