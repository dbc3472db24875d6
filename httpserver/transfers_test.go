package httpserver_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
)

// GET /transfers/{chain}/{txHash} hands the path values to the tracker
// as they came and answers its status, or its error with its status code.
func TestTransferRoute(t *testing.T) {
	var gotChain orchestration.Chain
	var gotHash string
	fake := &httpservertest.Fake{TransferFunc: func(_ context.Context, chain orchestration.Chain, h string) (*orchestration.TransferStatus, error) {
		gotChain, gotHash = chain, h
		if h == httpservertest.SampleTxHash {
			return httpservertest.SampleTransferStatus(), nil
		}
		return nil, orchestration.Errorf(orchestration.TransferNotFound, "no transaction %s", h)
	}}
	srv, _ := start(t, fake, nil)
	resp := srv.Do(t, "GET", httpserver.BasePath+"/transfers/Ethereum/"+httpservertest.SampleTxHash, nil, http.Header{"x-api-key": {goodKey}})
	var st orchestration.TransferStatus
	if resp.Status != 200 || json.Unmarshal(resp.Body, &st) != nil || st.Status != orchestration.TransferDone || len(st.Steps) != 2 {
		t.Fatalf("%d %s", resp.Status, resp.Body)
	}
	if gotChain != orchestration.Ethereum || gotHash != httpservertest.SampleTxHash {
		t.Errorf("the tracker was asked %s %s", gotChain, gotHash)
	}
	other := "0x" + httpservertest.SampleTxHash[4:] + "00"
	wantError(t, send(t, srv, route{method: "GET", path: "/transfers/Ethereum/" + other}, nil, "x-api-key", goodKey), 404, orchestration.TransferNotFound)
}
