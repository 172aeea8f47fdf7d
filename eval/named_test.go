package main

import "testing"

func TestAnswerName(t *testing.T) {
	names := overviewNames("Clinic: 9 endpoints; tags with the most: Clinical (6), Patients (3); resources: amendments, eobs, appointment_profiles.")
	for _, c := range []struct {
		want []string
		name string
	}{
		{[]string{"POST /api/amendments"}, "amendments"},
		{[]string{"GET /api/patient/{id}"}, "Patients"}, // a tag, singular or plural
		{[]string{"GET /api/appointment_profiles"}, "appointment_profiles"},
		{[]string{"GET /api/eobs/{id}/lines"}, ""}, // only the last literal segment counts
		{[]string{"GET /api/insurances", "GET /api/eobs"}, "eobs"},
		{[]string{"GET /clinic"}, ""}, // the API's title is not a resource
		{[]string{"GET /2010-04-01/Accounts/{Sid}/eobs.json"}, "eobs"},
	} {
		if got := answerName(names, c.want); got != c.name {
			t.Errorf("answerName(%v) = %q, want %q", c.want, got, c.name)
		}
	}
}
