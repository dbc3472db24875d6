// Package evmorders is the order book of EVM chains, the OrderBook
// contract, beneath package order's rules: Book (an order.Book) reads an
// order and builds its cancel, and EventSource (an order.EventSource)
// follows a chain's OrderBook events for the order index. The rules
// (statuses across chains, who may cancel and when, the index, its
// leases and retries) are package order's; this package only reads and
// encodes.
//
// # Reading an order
//
// Book.Read reads getOrder and getFilledAmounts in one batch (one round
// trip per chain), with Multicall3's clock and the Portal's
// quote(originChainId, CANCEL_REPORT = 6) in the same batch when a cancel
// needs them, with the Portal's default bridge adapter to the origin and
// the payload gas limit of a cancel report there. The order's terms carry accounts as the OrderBook does
// across chains: an address left-padded to 32 bytes; Account writes the
// low 20 bytes as EIP-55.
//
// # Cancelling
//
// Book.CancelPayload is cancelOrder(orderId, orderData) to the chain's
// OrderBook, orderData rebuilt from the terms the origin's getOrder gave
// (the fields getOrderData returns), with the value package order asks
// for: the Portal's fee with its margin (decision 37), 0 for a same-chain
// order. Every cancel payload carries gas, the evm/evmgas estimate of its
// operation (decision 103).
//
// Through the Wormhole adapter. M0's Wormhole adapter refuses on-chain
// quotes, and it is the only way from an EVM Portal to Solana. When the
// Portal's default adapter to the origin answers currentWormholeChainId()
// (read with its other Wormhole views through evm.WormholeAdapterReads,
// Immutable), Read reads the core bridge's messageFee() and, concurrently,
// asks the network's Executor (Config.Executors) for the relay of a cancel
// report (payloadGasLimit(origin, CANCEL_REPORT), getMsgValue(origin)); the fee
// is their sum, and CancelPayload is cancelOrder(orderId, orderData,
// bridgeAdapterArgs) with the signed quote, sending exactly that sum
// (decision 94). A network without an Executor is NotImplemented.
//
// # Following a chain
//
// EventSource reads the OrderBook's OrderOpened, OrderFilled, FillReported,
// OrderCompleted, OrderCancelled, CancelReported and RefundClaimed logs
// with eth_getLogs over ranges of at most MaxRange blocks, up to the head
// less Confirmations. Before reading on it checks that the newest block
// indexed is still the chain's (else order.ErrReorg, and ForkPoint finds
// the newest kept block the chain still has); a log the node reports as
// removed is passed on as a removed event, which the index undoes.
//
// One fork. Every log of a range is checked to be of a block on the chain
// of the range's end: the headers are walked by parent hash from the end
// down to the oldest block with a log, and each log's blockHash must be
// the hash found there (else an *order.ForkError: nothing is written, the
// range is read again). A backend that answers from several nodes (one of
// them on another fork) otherwise leaves events of blocks the chain never
// had. A log of the OrderBook that does not decode is an
// *order.UndecodableError, which stops the chain's index.
//
// Ranges. A node that refuses a range (evm.NodeRefused: a JSON-RPC error,
// an HTTP 400 or 413) has it halved, down to one block; after each range
// read, the range doubles back towards MaxRange. Hashes are kept as 0x and
// lowercase hex and addresses as EIP-55, as the index has always stored
// them.
//
// Book and EventSource pass package order's driver suites
// (ordertest.RunBook on the devnet, ordertest.RunEventSource over
// evmorderstest.Chain).
package evmorders
