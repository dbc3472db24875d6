package contracts_test

import (
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
)

func TestMustABI(t *testing.T) {
	a := contracts.MustABI(bindings.OrderBookMetaData)
	if _, ok := a.Methods["openOrder"]; !ok {
		t.Fatal("the OrderBook ABI has no openOrder")
	}
	if again := contracts.MustABI(bindings.OrderBookMetaData); again != a {
		t.Error("a second call parsed the ABI again")
	}
	defer func() {
		if recover() == nil {
			t.Error("an ABI that does not parse did not panic")
		}
	}()
	contracts.MustABI(&bind.MetaData{ABI: "not an ABI"})
}
