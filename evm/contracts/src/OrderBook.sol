// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import { AddressCast, IERC20Permit, Roles, SafeTransfer } from "./Common.sol";
import {
    CancelReport,
    FilledAmounts,
    FillParams,
    FillReport,
    IPortalReports,
    Order,
    OrderData,
    OrderParams,
    OrderStatus
} from "./OrderTypes.sol";

/// @title  OrderBook
/// @notice Stand-in for M0's limit-order OrderBook with the ABI the hosted service targets
///         (OrderParams carrying a trailing `sender`). Orders open on the origin chain (funds pulled from
///         msg.sender, the funder), fill on the destination chain (tokenOut paid by the solver to the
///         recipient), and the origin releases amountIn pro rata to the solver's origin recipient: at once
///         for same-chain orders, on the Portal's FillReport otherwise. Cancels run on the destination
///         chain: same-chain refunds at once, cross-chain ones send a CancelReport (fee = msg.value).
contract OrderBook is Roles {
    using AddressCast for address;
    using AddressCast for bytes32;
    using SafeTransfer for address;

    uint16 public constant VERSION = 1;

    address public immutable portal;

    mapping(uint32 destChainId => bool) private _supportedDestinations;
    /// @dev Full data for orders created here; only `status` for orders filled or cancelled here.
    mapping(bytes32 orderId => Order) private _orders;
    mapping(bytes32 orderId => FilledAmounts) private _filledAmounts;
    mapping(address sender => uint64) private _senderNonces;

    /// @dev The reference facts list this event without `fillDeadline`, but the topic0 they computed
    ///      (0xbf2b2624...) is the hash of the signature with a trailing uint32; topic0 is what indexers
    ///      match, so the trailing field is kept. See README.md.
    event OrderOpened(
        bytes32 orderId,
        address funder,
        address indexed sender,
        address tokenIn,
        uint128 amountIn,
        uint32 indexed destChainId,
        bytes32 tokenOut,
        uint128 amountOut,
        bytes32 indexed solver,
        uint32 fillDeadline
    );
    event OrderFilled(
        bytes32 indexed orderId,
        address indexed solver,
        uint128 amountInToRelease,
        uint128 amountOutFilled,
        bytes32 indexed messageId
    );
    event OrderCompleted(bytes32 orderId);
    event OrderCancelled(bytes32 indexed orderId, bytes32 indexed messageId);
    event RefundClaimed(bytes32 indexed orderId, address indexed sender, uint128 amountInRefunded);
    event FillReported(
        bytes32 indexed orderId, address indexed originRecipient, uint128 amountInToRelease, uint128 amountOutFilled
    );
    event CancelReported(bytes32 indexed orderId);
    event DestinationSupportUpdated(uint32 indexed destChainId, bool isSupported);

    error AmountInZero();
    error AmountOutZero();
    error FillAmountZero();
    error InvalidDeadline();
    error InvalidDestinationChain();
    error InvalidMsgValue();
    error InvalidOrderStatus();
    error InvalidOrderVersion();
    error InvalidRecipient();
    error InvalidSolver();
    error InvalidReport();
    error InvalidTimestamp();
    error InvalidReportSource();
    error NotAuthorized();
    error OrderExpired();
    error OrderAlreadyExists();
    error OrderIdMismatch();
    error SameTokenOrder();
    error ZeroPortal();
    error ZeroSender();

    constructor(address portal_, address admin) Roles(admin) {
        if (portal_ == address(0)) revert ZeroPortal();
        portal = portal_;
    }

    // ---------------------------------------------------------------- opening

    function openOrder(OrderParams calldata params) external returns (bytes32) {
        return _openOrder(params);
    }

    function openOrderWithPermit(OrderParams calldata params, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
        returns (bytes32)
    {
        try IERC20Permit(params.tokenIn).permit(msg.sender, address(this), params.amountIn, deadline, v, r, s) { }
            catch { }
        return _openOrder(params);
    }

    function openOrderWithPermit(OrderParams calldata params, uint256 deadline, bytes calldata permitSignature)
        external
        returns (bytes32)
    {
        try IERC20Permit(params.tokenIn).permit(msg.sender, address(this), params.amountIn, deadline, permitSignature)
        { } catch { }
        return _openOrder(params);
    }

    // ---------------------------------------------------------------- filling (destination chain)

    function fillOrder(bytes32 orderId, OrderData calldata orderData, FillParams calldata fillParams)
        external
        payable
        returns (bytes32)
    {
        return _fillOrder(orderId, orderData, fillParams, address(0), "");
    }

    function fillOrder(
        bytes32 orderId,
        OrderData calldata orderData,
        FillParams calldata fillParams,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        return _fillOrder(orderId, orderData, fillParams, address(0), bridgeAdapterArgs);
    }

    function fillOrder(
        bytes32 orderId,
        OrderData calldata orderData,
        FillParams calldata fillParams,
        address bridgeAdapter,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        return _fillOrder(orderId, orderData, fillParams, bridgeAdapter, bridgeAdapterArgs);
    }

    // ---------------------------------------------------------------- cancelling (destination chain)

    function cancelOrder(bytes32 orderId, OrderData calldata orderData) external payable returns (bytes32) {
        return _cancelOrder(orderId, orderData, address(0), "");
    }

    function cancelOrder(bytes32 orderId, OrderData calldata orderData, bytes calldata bridgeAdapterArgs)
        external
        payable
        returns (bytes32)
    {
        return _cancelOrder(orderId, orderData, address(0), bridgeAdapterArgs);
    }

    function cancelOrder(
        bytes32 orderId,
        OrderData calldata orderData,
        address bridgeAdapter,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        return _cancelOrder(orderId, orderData, bridgeAdapter, bridgeAdapterArgs);
    }

    // ---------------------------------------------------------------- reports (origin chain, from the Portal)

    function reportFill(uint32 sourceChainId, FillReport calldata report) external {
        if (msg.sender != portal) revert NotAuthorized();
        Order storage order = _orders[report.orderId];
        // Fills in flight when a cancel arrived are still honoured.
        if (order.status != OrderStatus.Created && order.status != OrderStatus.Cancelled) revert InvalidOrderStatus();
        if (report.tokenIn != order.tokenIn.toBytes32()) revert InvalidReport();
        if (sourceChainId != order.destChainId) revert InvalidReportSource();

        FilledAmounts storage filled = _filledAmounts[report.orderId];
        (, uint128 amountInToRelease, uint128 amountOutFilled) = _calculateFill(
            order.amountIn, order.amountOut, filled.amountInReleased, filled.amountOutFilled, report.amountOutFilled
        );
        if (amountOutFilled != report.amountOutFilled || amountInToRelease != report.amountInToRelease) {
            revert InvalidReport();
        }
        filled.amountOutFilled += amountOutFilled;
        filled.amountInReleased += amountInToRelease;
        if (filled.amountInReleased + filled.amountInRefunded > order.amountIn) revert InvalidReport();

        if (filled.amountOutFilled == order.amountOut) {
            order.status = OrderStatus.Completed;
            emit OrderCompleted(report.orderId);
        }
        address originRecipient = report.originRecipient.toAddress();
        order.tokenIn.safeTransfer(originRecipient, amountInToRelease);
        emit FillReported(report.orderId, originRecipient, amountInToRelease, amountOutFilled);
    }

    function reportCancel(uint32 sourceChainId, CancelReport calldata report) external {
        if (msg.sender != portal) revert NotAuthorized();
        Order storage order = _orders[report.orderId];
        if (order.status != OrderStatus.Created) revert InvalidOrderStatus();
        if (sourceChainId != order.destChainId) revert InvalidReportSource();
        if (report.tokenIn != order.tokenIn.toBytes32() || report.orderSender != order.sender.toBytes32()) {
            revert InvalidReport();
        }

        FilledAmounts storage filled = _filledAmounts[report.orderId];
        order.status = OrderStatus.Cancelled;
        filled.amountInRefunded += report.amountInToRefund;
        if (filled.amountInReleased + filled.amountInRefunded > order.amountIn) revert InvalidReport();

        order.tokenIn.safeTransfer(order.sender, report.amountInToRefund);
        emit CancelReported(report.orderId);
        emit RefundClaimed(report.orderId, order.sender, report.amountInToRefund);
    }

    // ---------------------------------------------------------------- admin

    function setDestinationSupported(uint32 destChainId, bool isSupported) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (destChainId == block.chainid) revert InvalidDestinationChain();
        if (_supportedDestinations[destChainId] == isSupported) return;
        _supportedDestinations[destChainId] = isSupported;
        emit DestinationSupportUpdated(destChainId, isSupported);
    }

    // ---------------------------------------------------------------- views

    function isDestinationSupported(uint32 destChainId) public view returns (bool) {
        return destChainId == block.chainid || _supportedDestinations[destChainId];
    }

    function getOrder(bytes32 orderId) external view returns (Order memory) {
        return _orders[orderId];
    }

    /// @notice The OrderData of an order created on this chain (all zero for any other id).
    function getOrderData(bytes32 orderId) external view returns (OrderData memory data) {
        Order memory order = _orders[orderId];
        if (order.sender != address(0)) data = _toOrderData(order);
    }

    function getFilledAmounts(bytes32 orderId) external view returns (FilledAmounts memory) {
        return _filledAmounts[orderId];
    }

    function getSenderNonce(address sender) external view returns (uint64) {
        return _senderNonces[sender];
    }

    function getOrderId(OrderData memory d) public pure returns (bytes32) {
        return keccak256(
            abi.encodePacked(
                d.version,
                d.sender,
                d.nonce,
                d.originChainId,
                d.destChainId,
                d.createdAt,
                d.fillDeadline,
                d.tokenIn,
                d.tokenOut,
                d.amountIn,
                d.amountOut,
                d.recipient,
                d.solver
            )
        );
    }

    // ---------------------------------------------------------------- internals

    function _openOrder(OrderParams calldata p) private returns (bytes32 orderId) {
        if (p.sender == address(0)) revert ZeroSender();
        if (p.fillDeadline < block.timestamp) revert InvalidDeadline();
        if (p.amountIn == 0) revert AmountInZero();
        if (p.amountOut == 0) revert AmountOutZero();
        if (p.recipient == bytes32(0)) revert InvalidRecipient();
        if (p.solver == p.recipient) revert InvalidSolver();
        if (p.destChainId == block.chainid && p.tokenOut == p.tokenIn.toBytes32()) revert SameTokenOrder();
        if (!isDestinationSupported(p.destChainId)) revert InvalidDestinationChain();

        uint64 nonce = _senderNonces[p.sender]++;
        Order memory order = Order({
            status: OrderStatus.Created,
            version: VERSION,
            sender: p.sender,
            nonce: nonce,
            destChainId: p.destChainId,
            createdAt: uint32(block.timestamp),
            fillDeadline: p.fillDeadline,
            tokenIn: p.tokenIn,
            tokenOut: p.tokenOut,
            amountIn: p.amountIn,
            amountOut: p.amountOut,
            recipient: p.recipient,
            solver: p.solver
        });
        orderId = getOrderId(_toOrderData(order));
        if (_orders[orderId].status != OrderStatus.DoesNotExist) revert OrderAlreadyExists();
        _orders[orderId] = order;

        p.tokenIn.safeTransferFrom(msg.sender, address(this), p.amountIn);
        emit OrderOpened(
            orderId,
            msg.sender,
            p.sender,
            p.tokenIn,
            p.amountIn,
            p.destChainId,
            p.tokenOut,
            p.amountOut,
            p.solver,
            p.fillDeadline
        );
    }

    function _fillOrder(
        bytes32 orderId,
        OrderData calldata d,
        FillParams calldata fp,
        address bridgeAdapter,
        bytes memory bridgeAdapterArgs
    ) private returns (bytes32 messageId) {
        if (orderId != getOrderId(d)) revert OrderIdMismatch();
        if (d.destChainId != block.chainid) revert InvalidDestinationChain();
        if (d.fillDeadline < block.timestamp) revert OrderExpired();
        if (d.version != VERSION) revert InvalidOrderVersion();
        if (d.createdAt > block.timestamp) revert InvalidTimestamp();
        if (fp.amountOutToFill == 0) revert FillAmountZero();
        address solver = d.solver.toAddress();
        if (solver != address(0) && solver != msg.sender) revert NotAuthorized();
        Order storage order = _orders[orderId];
        _revertIfNotOpen(order, d);

        FilledAmounts storage filled = _filledAmounts[orderId];
        (bool full, uint128 amountInToRelease, uint128 amountOutToFill) = _calculateFill(
            d.amountIn, d.amountOut, filled.amountInReleased, filled.amountOutFilled, fp.amountOutToFill
        );
        filled.amountOutFilled += amountOutToFill;
        filled.amountInReleased += amountInToRelease;
        if (full) {
            order.status = OrderStatus.Completed;
            emit OrderCompleted(orderId);
        } else if (order.status == OrderStatus.DoesNotExist) {
            order.status = OrderStatus.Created;
        }

        d.tokenOut.toAddress().safeTransferFrom(msg.sender, d.recipient.toAddress(), amountOutToFill);

        if (d.originChainId == block.chainid) {
            if (msg.value != 0) revert InvalidMsgValue();
            order.tokenIn.safeTransfer(fp.originRecipient.toAddress(), amountInToRelease);
        } else {
            FillReport memory report = FillReport({
                orderId: orderId,
                amountInToRelease: amountInToRelease,
                amountOutFilled: amountOutToFill,
                originRecipient: fp.originRecipient,
                tokenIn: d.tokenIn
            });
            bytes32 refundAddress = fp.refundAddress == bytes32(0) ? msg.sender.toBytes32() : fp.refundAddress;
            messageId = bridgeAdapter == address(0)
                ? IPortalReports(portal).sendFillReport{ value: msg.value }(
                    d.originChainId, report, refundAddress, bridgeAdapterArgs
                )
                : IPortalReports(portal).sendFillReport{ value: msg.value }(
                    d.originChainId, report, refundAddress, bridgeAdapter, bridgeAdapterArgs
                );
        }
        emit OrderFilled(orderId, msg.sender, amountInToRelease, amountOutToFill, messageId);
    }

    function _cancelOrder(
        bytes32 orderId,
        OrderData calldata d,
        address bridgeAdapter,
        bytes memory bridgeAdapterArgs
    ) private returns (bytes32 messageId) {
        // Before the deadline only the recipient (or, same-chain, the sender) may cancel; after it anyone.
        if (
            block.timestamp <= d.fillDeadline && d.recipient.toAddress() != msg.sender
                && !(d.originChainId == block.chainid && d.sender.toAddress() == msg.sender)
        ) revert NotAuthorized();
        if (orderId != getOrderId(d)) revert OrderIdMismatch();
        if (d.createdAt > block.timestamp) revert InvalidTimestamp();
        Order storage order = _orders[orderId];
        _revertIfNotOpen(order, d);
        if (d.destChainId != block.chainid) revert InvalidDestinationChain();

        FilledAmounts storage filled = _filledAmounts[orderId];
        uint128 amountToRefund = d.amountIn - filled.amountInReleased;
        order.status = OrderStatus.Cancelled;
        filled.amountInRefunded += amountToRefund;

        if (d.originChainId == block.chainid) {
            if (msg.value != 0) revert InvalidMsgValue();
            order.tokenIn.safeTransfer(order.sender, amountToRefund);
            emit RefundClaimed(orderId, order.sender, amountToRefund);
        } else {
            CancelReport memory report = CancelReport({
                orderId: orderId,
                orderSender: d.sender,
                tokenIn: d.tokenIn,
                amountInToRefund: amountToRefund
            });
            messageId = bridgeAdapter == address(0)
                ? IPortalReports(portal).sendCancelReport{ value: msg.value }(
                    d.originChainId, report, msg.sender.toBytes32(), bridgeAdapterArgs
                )
                : IPortalReports(portal).sendCancelReport{ value: msg.value }(
                    d.originChainId, report, msg.sender.toBytes32(), bridgeAdapter, bridgeAdapterArgs
                );
        }
        emit OrderCancelled(orderId, messageId);
    }

    /// @dev Same-chain orders must be Created; cross-chain ones Created or not yet seen here.
    function _revertIfNotOpen(Order storage order, OrderData calldata d) private view {
        bool open = d.originChainId == block.chainid
            ? order.status == OrderStatus.Created
            : order.status == OrderStatus.Created || order.status == OrderStatus.DoesNotExist;
        if (!open) revert InvalidOrderStatus();
    }

    /// @dev The amount out actually filled (capped at what remains) and the pro-rata amount in it releases;
    ///      the fill that completes the order releases everything not yet released.
    function _calculateFill(
        uint128 amountIn,
        uint128 amountOut,
        uint128 amountInReleased,
        uint128 amountOutFilled,
        uint128 amountOutToFill
    ) private pure returns (bool full, uint128 amountInToRelease, uint128 filled) {
        uint128 remaining = amountOut - amountOutFilled;
        full = amountOutToFill >= remaining;
        filled = full ? remaining : amountOutToFill;
        amountInToRelease = full ? amountIn - amountInReleased : uint128(uint256(amountIn) * filled / amountOut);
    }

    function _toOrderData(Order memory o) private view returns (OrderData memory) {
        return OrderData({
            version: o.version,
            sender: o.sender.toBytes32(),
            nonce: o.nonce,
            originChainId: uint32(block.chainid),
            destChainId: o.destChainId,
            createdAt: o.createdAt,
            fillDeadline: o.fillDeadline,
            tokenIn: o.tokenIn.toBytes32(),
            tokenOut: o.tokenOut,
            amountIn: o.amountIn,
            amountOut: o.amountOut,
            recipient: o.recipient,
            solver: o.solver
        });
    }
}
