package mcptools

import (
	"context"
	"errors"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// TestRoundTripAsker: without an answer the asker stops the call and
// describes the question; an answer counts only for the prompt it was
// given for, so it cannot be replayed for a call with other arguments.
func TestRoundTripAsker(t *testing.T) {
	deleteA := service.Prompt{Method: "DELETE", Path: "/pets/{petId}", Message: "DELETE /pets/{petId}\n  petId: 1"}
	deleteB := service.Prompt{Method: "DELETE", Path: "/pets/{petId}", Message: "DELETE /pets/{petId}\n  petId: 2"}
	accept := mcp.InputResponses{confirmInputID: mcp.NewElicitationInputResponse(mcp.ElicitationResult{
		ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseActionAccept, Content: map[string]any{"confirm": true}}})}

	first := &roundTripAsker{}
	if _, err := first.Ask(context.Background(), deleteA); !errors.Is(err, service.ErrAskPending) || first.pending == nil {
		t.Fatalf("no answer: err %v, pending %v; want ErrAskPending", err, first.pending)
	}
	res := first.inputRequired()
	if !res.NeedsInput() || res.RequestState != promptState(deleteA) || res.InputRequests[confirmInputID].Elicitation.Message != deleteA.Message {
		t.Errorf("input_required result = %+v", res)
	}

	tests := []struct {
		name   string
		params mcp.MultiRoundTripParams
		prompt service.Prompt
		want   service.Answer
		err    error
	}{
		{"answer for this prompt", mcp.MultiRoundTripParams{InputResponses: accept, RequestState: promptState(deleteA)}, deleteA, service.Accepted, nil},
		{"answer replayed for another prompt", mcp.MultiRoundTripParams{InputResponses: accept, RequestState: promptState(deleteA)}, deleteB, 0, service.ErrAskPending},
		{"answer without state", mcp.MultiRoundTripParams{InputResponses: accept}, deleteA, 0, service.ErrAskPending},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := (&roundTripAsker{params: tt.params}).Ask(context.Background(), tt.prompt)
			if got != tt.want || !errors.Is(err, tt.err) {
				t.Errorf("Ask = %v, %v; want %v, %v", got, err, tt.want, tt.err)
			}
		})
	}
}

func TestAnswerOf(t *testing.T) {
	tests := []struct {
		name string
		res  mcp.ElicitationResult
		want service.Answer
	}{
		{"accept, box ticked", result(mcp.ElicitationResponseActionAccept, map[string]any{"confirm": true}), service.Accepted},
		{"accept without content", result(mcp.ElicitationResponseActionAccept, nil), service.Accepted},
		{"accept, box unticked", result(mcp.ElicitationResponseActionAccept, map[string]any{"confirm": false}), service.Declined},
		{"decline", result(mcp.ElicitationResponseActionDecline, nil), service.Declined},
		{"cancel", result(mcp.ElicitationResponseActionCancel, nil), service.Cancelled},
	}
	for _, tt := range tests {
		if got := answerOf(&tt.res); got != tt.want {
			t.Errorf("%s: answerOf = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func result(action mcp.ElicitationResponseAction, content any) mcp.ElicitationResult {
	return mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: action, Content: content}}
}
