package svm

import ()

// AdapterMessage is a message the Portal handed its bridge adapter: the
// arguments of the adapter's send_message(m0_destination_chain_id,
// message_id, payload, payload_type), which the Portal invokes (a CPI)
// for every message it sends, a send_token's and a cancel or fill
// report's alike. A transaction's meta lists that invocation among the
// inner instructions of the outer instruction that caused it, so the
// message id, which the Portal derives from its nonce at the time
// (keccak256(abi.encode(chain id, destination, nonce)), solana-portal
// programs/portal/src/state.rs), is read from the transaction itself; the
// Portal's own TokenSent event does not carry it (decision 104).
type AdapterMessage struct {
	// DestinationChainID is the M0 chain id the message goes to.
	DestinationChainID uint32
	// MessageID is the Portal's id of the message: the one the
	// destination Portal's receive event (TokenReceived,
	// FillReportReceived, CancelReportReceived) names.
	MessageID [32]byte
	// PayloadType is the Portal's payload type (0 a token transfer, 4 a
	// fill report, 6 a cancel report); Payload its body, which the adapter
	// prefixes with its header before publishing.
	PayloadType uint8
	Payload     []byte
}

// ReadAdapterSendMessage reads data as a bridge adapter's send_message, by
// the Wormhole adapter's IDL (wormhole_adapter.json). The Hyperlane
// adapter's send_message has the same name, hence discriminator, and the
// same arguments, so it reads too; ok is false for any other data.
func ReadAdapterSendMessage(data []byte) (AdapterMessage, bool) {
	p, err := WormholeAdapterIDL()
	if err != nil {
		return AdapterMessage{}, false
	}
	args, err := p.DecodeArgs("send_message", data) // checks the discriminator
	if err != nil || len(args) != 4 {
		return AdapterMessage{}, false
	}
	dest, ok1 := args[0].(uint64)
	id, ok2 := args[1].([]byte)
	payload, ok3 := args[2].([]byte)
	typ, ok4 := args[3].(uint64)
	if !ok1 || !ok2 || !ok3 || !ok4 || len(id) != 32 {
		return AdapterMessage{}, false
	}
	return AdapterMessage{DestinationChainID: uint32(dest), MessageID: [32]byte(id), PayloadType: uint8(typ), Payload: payload}, true
}
