package evm

import (
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/contracts"
)

// priceFeed is Chainlink's AggregatorV3Interface, as the devnet's stand-in
// PriceFeed declares it.
var priceFeed = contracts.MustABI("PriceFeed")

// PriceFeedCalls are the reads of a price feed with Chainlink's
// AggregatorV3Interface at feed: latestRoundData() (chain state) and
// decimals() (immutable), read among a quote's other reads so that the
// price costs no round trip of its own (decision 105).
func PriceFeedCalls(feed common.Address) [2]Call {
	return [2]Call{
		MustMethodCall(feed, priceFeed.Methods["latestRoundData"], false),
		MustMethodCall(feed, priceFeed.Methods["decimals"], true),
	}
}

// FeedAnswer is a price feed's latest round, as far as a price needs it.
type FeedAnswer struct {
	// Answer is the price times 10^Decimals; a feed may answer zero or
	// less, which is no price.
	Answer *big.Int
	// Decimals is the feed's decimals().
	Decimals uint8
	// UpdatedAt is when the round was last updated, in Unix seconds.
	UpdatedAt uint64
}

// DecodePriceFeed decodes the answers to calls, a PriceFeedCalls.
func DecodePriceFeed(a *Answers, calls [2]Call) (FeedAnswer, error) {
	m := priceFeed.Methods["latestRoundData"]
	data, err := answerOf(m, a, calls[0])
	if err != nil {
		return FeedAnswer{}, err
	}
	vals, err := m.Outputs.Unpack(data)
	if err != nil {
		return FeedAnswer{}, fmt.Errorf("decoding latestRoundData: %w", err)
	}
	if len(vals) != 5 {
		return FeedAnswer{}, fmt.Errorf("decoding latestRoundData: %d values, not 5", len(vals))
	}
	answer, ok1 := vals[1].(*big.Int)
	updated, ok2 := vals[3].(*big.Int)
	if !ok1 || !ok2 || !updated.IsUint64() {
		return FeedAnswer{}, fmt.Errorf("decoding latestRoundData: unexpected values %v", vals)
	}
	dec, err := Decode1[uint8](priceFeed.Methods["decimals"], a, calls[1])
	if err != nil {
		return FeedAnswer{}, err
	}
	return FeedAnswer{Answer: answer, Decimals: dec, UpdatedAt: updated.Uint64()}, nil
}
