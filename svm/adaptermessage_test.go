package svm_test

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"

	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// ReadAdapterSendMessage reads the Portal's invocation of its adapter's
// send_message from the bytes as the reference lays them out
// (wormhole_adapter.json: discriminator [57, 40, 34, 178, 189, 10, 65, 26],
// then m0_destination_chain_id u32, message_id [u8; 32], payload bytes,
// payload_type u8, in Borsh), and refuses anything else.
func TestReadAdapterSendMessage(t *testing.T) {
	t.Parallel()
	disc := []byte{57, 40, 34, 178, 189, 10, 65, 26}
	var id [32]byte
	for i := range id {
		id[i] = byte(0xa0 + i)
	}
	body := bytes.Repeat([]byte{7}, 112) // a token transfer's: amount, token, sender, recipient
	wire := func(dest uint32, payload []byte, typ byte) []byte {
		return slices.Concat(disc, binary.LittleEndian.AppendUint32(nil, dest), id[:],
			binary.LittleEndian.AppendUint32(nil, uint32(len(payload))), payload, []byte{typ})
	}
	good := wire(11155111, body, 0)
	want := svm.AdapterMessage{DestinationChainID: 11155111, MessageID: id, PayloadType: 0, Payload: body}
	got, ok := svm.ReadAdapterSendMessage(good)
	if !ok || got.DestinationChainID != want.DestinationChainID || got.MessageID != want.MessageID ||
		got.PayloadType != want.PayloadType || !bytes.Equal(got.Payload, want.Payload) {
		t.Fatalf("ReadAdapterSendMessage = %+v, %v; want %+v", got, ok, want)
	}
	if got, ok := svm.ReadAdapterSendMessage(wire(1399811150, nil, 6)); !ok || got.PayloadType != 6 || len(got.Payload) != 0 {
		t.Errorf("an empty payload of type 6: %+v, %v", got, ok)
	}
	// svmtest's fixture encodes what the reference lays out.
	fixture := svmtest.AdapterSendMessage(svm.DevnetPortal, svm.WormholeAdapterProgramID, svm.WormholeAdapterProgramID, want)
	if !bytes.Equal(fixture.Data, good) {
		t.Errorf("svmtest.AdapterSendMessage data %x, want %x", fixture.Data, good)
	}

	overlong := slices.Clone(good)
	binary.LittleEndian.PutUint32(overlong[8+4+32:], uint32(len(body)+2)) // claims more than there is
	for name, data := range map[string][]byte{
		"another instruction's discriminator": slices.Concat([]byte{1, 2, 3, 4, 5, 6, 7, 8}, good[8:]),
		"cut before the payload type":         good[:len(good)-1],
		"a byte left over":                    append(slices.Clone(good), 0),
		"a payload longer than the data":      overlong,
		"the discriminator alone":             disc,
		"nothing":                             nil,
	} {
		if got, ok := svm.ReadAdapterSendMessage(data); ok {
			t.Errorf("%s: read as %+v", name, got)
		}
	}
}
