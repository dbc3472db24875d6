package httpserver

import (
	"net/http"

	"github.com/m0-orchestration/m0/orchestration"
)

// transfer answers GET /transfers/{chain}/{txHash} (decision 84): the path
// values go to the tracker raw; it decides whether the chain is one it reads
// and the transaction one the service builds.
func (s *server) transfer(w http.ResponseWriter, r *http.Request) error {
	st, err := s.svc.Transfers.Transfer(r.Context(), orchestration.Chain(r.PathValue("chain")), r.PathValue("txHash"))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, st)
}

// checkTransferRef refuses, without the tracker, what it would refuse: an
// unknown or disabled chain and a malformed hash.
func (s *server) checkTransferRef(_ http.ResponseWriter, r *http.Request) error {
	if err := s.checkChain(r.Context(), orchestration.EndpointTransfer.Bad, "chain", orchestration.Chain(r.PathValue("chain"))); err != nil {
		return err
	}
	return orchestration.CheckTransferRef(orchestration.Chain(r.PathValue("chain")), r.PathValue("txHash"))
}
