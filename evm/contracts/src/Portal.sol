// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import { AddressCast, IERC20, Roles, SafeTransfer } from "./Common.sol";
import { CancelReport, FillReport, IOrderBookReports } from "./OrderTypes.sol";

interface IMTokenLike {
    function mint(address to, uint256 amount) external;
    function burn(uint256 amount) external;
    function currentIndex() external view returns (uint128);
}

/// @notice M0 Portal V2's IBridgeAdapter, the part the Portal calls.
interface IBridgeAdapterLike {
    function quote(uint32 destinationChainId, uint256 gasLimit, bytes memory payload) external view returns (uint256);
    function sendMessage(
        uint32 destinationChainId,
        uint256 gasLimit,
        bytes32 refundAddress,
        bytes memory payload,
        bytes calldata extraArguments
    ) external payable;
}

interface ISwapFacilityLike {
    function swapInM(address extensionOut, uint256 amount, address recipient) external;
    function swapOutM(address extensionIn, uint256 amount, address recipient) external;
}

/// @title  Portal
/// @notice Stand-in for M0 Portal V2 with its sending interface (`sendToken`, `sendFillReport`,
///         `sendCancelReport`, `quote`) and events. By default the Portal is its own bridge adapter: a message
///         is "sent" by emitting `MessageSent(destinationChainId, messageId, payloadType, payload)`, and a
///         relayer holding RELAYER_ROLE on the destination Portal delivers it by calling
///         `receiveMessage(sourceChainId, payload)` there.
///
///         Payload (all ABI-encoded, see README.md):
///           payload = abi.encode(uint8 payloadType, uint32 destinationChainId, bytes32 messageId, bytes body)
///           TokenTransfer (0): body = abi.encode(uint256 amount, bytes32 destinationToken, bytes32 sender,
///                                                bytes32 recipient, uint128 index)
///           FillReport    (4): body = abi.encode(FillReport)
///           CancelReport  (6): body = abi.encode(CancelReport)
///
///         On a hub Portal M is locked on send and released on receive; on a spoke Portal it is burned
///         and minted (the spoke Portal needs MINTER_ROLE on the M token). Extensions are unwrapped
///         through `SwapFacility.swapOutM` on send and wrapped with `swapInM` on receive (the Portal needs
///         M_SWAPPER_ROLE); a failed wrap delivers M and emits `WrapFailed`.
///
///         External bridge adapters (the Wormhole adapter stand-in): `setDefaultBridgeAdapter(destination, adapter)`
///         makes `adapter` the destination's default (and supported); `setSupportedBridgeAdapter` adds others. A
///         send through an external adapter emits no `MessageSent`: it calls the adapter's
///         `sendMessage{value: msg.value}(destination, payloadGasLimit, refundAddress, payload, bridgeAdapterArgs)`
///         and collects no fee (the adapter checks what it needs); `quote` asks the adapter. A supported adapter
///         may call `receiveMessage` for its source chain, as a holder of RELAYER_ROLE may.
contract Portal is Roles {
    using AddressCast for address;
    using AddressCast for bytes32;
    using SafeTransfer for address;

    uint8 public constant TOKEN_TRANSFER = 0;
    uint8 public constant FILL_REPORT = 4;
    uint8 public constant CANCEL_REPORT = 6;

    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");

    /// @notice Gas given to SwapFacility.swapInM when a transfer arrives for an extension.
    uint256 public constant WRAP_GAS = 300_000;

    address public immutable mToken;
    address public immutable swapFacility;
    bool public immutable isHub;
    address public orderBook;

    uint256 public feePerGas;
    uint256 private _nonce;

    mapping(uint32 destinationChainId => mapping(uint8 payloadType => uint256)) public payloadGasLimit;
    mapping(address sourceToken => mapping(uint32 destinationChainId => mapping(bytes32 destinationToken => bool)))
        public supportedBridgingPath;
    mapping(bytes32 messageId => bool) public processedMessages;
    mapping(uint32 destinationChainId => address) private _defaultAdapter;
    mapping(uint32 chainId => mapping(address bridgeAdapter => bool)) private _supportedAdapter;

    event TokenSent(
        address indexed sourceToken,
        uint32 destinationChainId,
        bytes32 destinationToken,
        address indexed sender,
        bytes32 indexed recipient,
        uint256 amount,
        uint128 index,
        address bridgeAdapter,
        bytes32 messageId
    );
    event TokenReceived(
        uint32 sourceChainId,
        address indexed destinationToken,
        bytes32 indexed sender,
        address indexed recipient,
        uint256 amount,
        uint128 index,
        bytes32 messageId
    );
    event FillReportSent(
        uint32 indexed destinationChainId,
        bytes32 indexed orderId,
        uint128 amountInToRelease,
        uint128 amountOutFilled,
        bytes32 originRecipient,
        bytes32 tokenIn,
        uint128 index,
        address bridgeAdapter,
        bytes32 messageId
    );
    event FillReportReceived(
        uint32 indexed sourceChainId,
        bytes32 indexed orderId,
        uint128 amountInToRelease,
        uint128 amountOutFilled,
        bytes32 originRecipient,
        bytes32 tokenIn,
        uint128 index,
        bytes32 messageId
    );
    event CancelReportSent(
        uint32 indexed destinationChainId,
        bytes32 indexed orderId,
        bytes32 originSender,
        bytes32 tokenIn,
        uint128 amountInToRefund,
        uint128 index,
        address bridgeAdapter,
        bytes32 messageId
    );
    event CancelReportReceived(
        uint32 indexed sourceChainId,
        bytes32 indexed orderId,
        bytes32 originSender,
        bytes32 tokenIn,
        uint128 amountInToRefund,
        uint128 index,
        bytes32 messageId
    );
    event WrapFailed(address indexed destinationExtension, address indexed recipient, uint256 amount);
    event SupportedBridgingPathSet(
        address indexed sourceToken, uint32 indexed destinationChainId, bytes32 indexed destinationToken, bool supported
    );
    event PayloadGasLimitSet(uint32 indexed destinationChainId, uint8 indexed payloadType, uint256 gasLimit);
    event FeePerGasSet(uint256 feePerGas);
    event OrderBookSet(address orderBook);
    event DefaultBridgeAdapterSet(uint32 indexed destinationChainId, address indexed bridgeAdapter);
    event SupportedBridgeAdapterSet(uint32 indexed destinationChainId, address indexed bridgeAdapter, bool supported);
    /// @notice The devnet bridge's outbox: everything a relayer needs to deliver the message.
    event MessageSent(uint32 indexed destinationChainId, bytes32 indexed messageId, uint8 payloadType, bytes payload);

    error ZeroMToken();
    error ZeroSwapFacility();
    error ZeroOrderBook();
    error ZeroAmount();
    error ZeroRecipient();
    error ZeroRefundAddress();
    error NotOrderBook();
    error InvalidDestinationChain(uint32 destinationChainId);
    error UnsupportedBridgingPath(address sourceToken, uint32 destinationChainId, bytes32 destinationToken);
    error UnsupportedBridgeAdapter(uint32 destinationChainId, address bridgeAdapter);
    error InsufficientAmountReceived(uint256 specifiedAmount, uint256 actualAmount);
    error PayloadGasLimitNotSet(uint32 destinationChainId, uint8 payloadType);
    error MessageAlreadyProcessed(bytes32 messageId);
    error InvalidPayloadType(uint8 payloadType);
    error InsufficientFee(uint256 required, uint256 provided);
    error RefundFailed(address refundAddress);
    error InsufficientGas();
    error SendingPaused();
    error ReceivingPaused();

    /// @notice Whether sending (transfers and reports) is paused; the views have the real Portal's names, the
    ///         setters below are this stand-in's own.
    bool public sendPaused;
    bool public receivePaused;

    event SendPausedSet(bool paused);
    event ReceivePausedSet(bool paused);

    constructor(address mToken_, address swapFacility_, bool isHub_, address admin) Roles(admin) {
        if (mToken_ == address(0)) revert ZeroMToken();
        if (swapFacility_ == address(0)) revert ZeroSwapFacility();
        mToken = mToken_;
        swapFacility = swapFacility_;
        isHub = isHub_;
    }

    // ---------------------------------------------------------------- sending

    function sendToken(
        uint256 amount,
        address sourceToken,
        uint32 destinationChainId,
        bytes32 destinationToken,
        bytes32 recipient,
        bytes32 refundAddress,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        return _sendToken(
            amount,
            sourceToken,
            destinationChainId,
            destinationToken,
            recipient,
            refundAddress,
            defaultBridgeAdapter(destinationChainId),
            bridgeAdapterArgs
        );
    }

    function sendToken(
        uint256 amount,
        address sourceToken,
        uint32 destinationChainId,
        bytes32 destinationToken,
        bytes32 recipient,
        bytes32 refundAddress,
        address bridgeAdapter,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        _checkAdapter(destinationChainId, bridgeAdapter);
        return _sendToken(
            amount,
            sourceToken,
            destinationChainId,
            destinationToken,
            recipient,
            refundAddress,
            bridgeAdapter,
            bridgeAdapterArgs
        );
    }

    function sendFillReport(
        uint32 destinationChainId,
        FillReport calldata report,
        bytes32 refundAddress,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        return _sendFillReport(
            destinationChainId, report, refundAddress, defaultBridgeAdapter(destinationChainId), bridgeAdapterArgs
        );
    }

    function sendFillReport(
        uint32 destinationChainId,
        FillReport calldata report,
        bytes32 refundAddress,
        address bridgeAdapter,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        _checkAdapter(destinationChainId, bridgeAdapter);
        return _sendFillReport(destinationChainId, report, refundAddress, bridgeAdapter, bridgeAdapterArgs);
    }

    function sendCancelReport(
        uint32 destinationChainId,
        CancelReport calldata report,
        bytes32 refundAddress,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        return _sendCancelReport(
            destinationChainId, report, refundAddress, defaultBridgeAdapter(destinationChainId), bridgeAdapterArgs
        );
    }

    function sendCancelReport(
        uint32 destinationChainId,
        CancelReport calldata report,
        bytes32 refundAddress,
        address bridgeAdapter,
        bytes calldata bridgeAdapterArgs
    ) external payable returns (bytes32) {
        _checkAdapter(destinationChainId, bridgeAdapter);
        return _sendCancelReport(destinationChainId, report, refundAddress, bridgeAdapter, bridgeAdapterArgs);
    }

    // ---------------------------------------------------------------- receiving

    /// @notice Delivers a message emitted by `MessageSent` on the Portal of `sourceChainId` (caller: a holder of
    ///         RELAYER_ROLE), or one an external bridge adapter supported for `sourceChainId` received.
    function receiveMessage(uint32 sourceChainId, bytes calldata payload) external {
        if (!_supportedAdapter[sourceChainId][msg.sender]) _checkRole(RELAYER_ROLE);
        if (receivePaused) revert ReceivingPaused();
        (uint8 payloadType, uint32 destinationChainId, bytes32 messageId, bytes memory body) =
            abi.decode(payload, (uint8, uint32, bytes32, bytes));
        if (destinationChainId != currentChainId()) revert InvalidDestinationChain(destinationChainId);
        if (processedMessages[messageId]) revert MessageAlreadyProcessed(messageId);
        processedMessages[messageId] = true;

        if (payloadType == TOKEN_TRANSFER) {
            _receiveToken(sourceChainId, messageId, body);
        } else if (payloadType == FILL_REPORT) {
            FillReport memory report = abi.decode(body, (FillReport));
            emit FillReportReceived(
                sourceChainId,
                report.orderId,
                report.amountInToRelease,
                report.amountOutFilled,
                report.originRecipient,
                report.tokenIn,
                _index(),
                messageId
            );
            IOrderBookReports(orderBook).reportFill(sourceChainId, report);
        } else if (payloadType == CANCEL_REPORT) {
            CancelReport memory report = abi.decode(body, (CancelReport));
            emit CancelReportReceived(
                sourceChainId,
                report.orderId,
                report.orderSender,
                report.tokenIn,
                report.amountInToRefund,
                _index(),
                messageId
            );
            IOrderBookReports(orderBook).reportCancel(sourceChainId, report);
        } else {
            revert InvalidPayloadType(payloadType);
        }
    }

    // ---------------------------------------------------------------- views

    function currentChainId() public view returns (uint32) {
        return uint32(block.chainid);
    }

    function currentIndex() external view returns (uint128) {
        return _index();
    }

    function getNonce() external view returns (uint256) {
        return _nonce;
    }

    /// @notice The destination's default adapter: the one set with `setDefaultBridgeAdapter`, else this Portal.
    function defaultBridgeAdapter(uint32 destinationChainId) public view returns (address) {
        address adapter = _defaultAdapter[destinationChainId];
        return adapter == address(0) ? address(this) : adapter;
    }

    function supportedBridgeAdapter(uint32 destinationChainId, address bridgeAdapter) public view returns (bool) {
        return bridgeAdapter == address(this) || _supportedAdapter[destinationChainId][bridgeAdapter];
    }

    /// @notice The native fee for a message through the default adapter: for this Portal,
    ///         payloadGasLimit(destinationChainId, payloadType) * feePerGas; for an external adapter, its
    ///         `quote(destinationChainId, payloadGasLimit, "")` (which the Wormhole adapter refuses).
    function quote(uint32 destinationChainId, uint8 payloadType) external view returns (uint256) {
        return _quote(destinationChainId, payloadType, defaultBridgeAdapter(destinationChainId));
    }

    function quote(uint32 destinationChainId, uint8 payloadType, address bridgeAdapter)
        external
        view
        returns (uint256)
    {
        _checkAdapter(destinationChainId, bridgeAdapter);
        return _quote(destinationChainId, payloadType, bridgeAdapter);
    }

    // ---------------------------------------------------------------- admin

    /// @notice Makes `bridgeAdapter` the default (and a supported) adapter of `destinationChainId`; zero restores
    ///         this Portal as the default.
    function setDefaultBridgeAdapter(uint32 destinationChainId, address bridgeAdapter)
        external
        onlyRole(DEFAULT_ADMIN_ROLE)
    {
        _defaultAdapter[destinationChainId] = bridgeAdapter;
        if (bridgeAdapter != address(0) && bridgeAdapter != address(this)) {
            _supportedAdapter[destinationChainId][bridgeAdapter] = true;
            emit SupportedBridgeAdapterSet(destinationChainId, bridgeAdapter, true);
        }
        emit DefaultBridgeAdapterSet(destinationChainId, defaultBridgeAdapter(destinationChainId));
    }

    function setSupportedBridgeAdapter(uint32 destinationChainId, address bridgeAdapter, bool supported)
        external
        onlyRole(DEFAULT_ADMIN_ROLE)
    {
        if (bridgeAdapter == address(this)) revert UnsupportedBridgeAdapter(destinationChainId, bridgeAdapter);
        _supportedAdapter[destinationChainId][bridgeAdapter] = supported;
        if (!supported && _defaultAdapter[destinationChainId] == bridgeAdapter) {
            _defaultAdapter[destinationChainId] = address(0);
            emit DefaultBridgeAdapterSet(destinationChainId, address(this));
        }
        emit SupportedBridgeAdapterSet(destinationChainId, bridgeAdapter, supported);
    }

    function setOrderBook(address orderBook_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (orderBook_ == address(0)) revert ZeroOrderBook();
        orderBook = orderBook_;
        emit OrderBookSet(orderBook_);
    }

    function setSupportedBridgingPath(
        address sourceToken,
        uint32 destinationChainId,
        bytes32 destinationToken,
        bool supported
    ) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (destinationChainId == currentChainId()) revert InvalidDestinationChain(destinationChainId);
        supportedBridgingPath[sourceToken][destinationChainId][destinationToken] = supported;
        emit SupportedBridgingPathSet(sourceToken, destinationChainId, destinationToken, supported);
    }

    function setPayloadGasLimit(uint32 destinationChainId, uint8 payloadType, uint256 gasLimit)
        external
        onlyRole(DEFAULT_ADMIN_ROLE)
    {
        payloadGasLimit[destinationChainId][payloadType] = gasLimit;
        emit PayloadGasLimitSet(destinationChainId, payloadType, gasLimit);
    }

    function setSendPaused(bool paused) external onlyRole(DEFAULT_ADMIN_ROLE) {
        sendPaused = paused;
        emit SendPausedSet(paused);
    }

    function setReceivePaused(bool paused) external onlyRole(DEFAULT_ADMIN_ROLE) {
        receivePaused = paused;
        emit ReceivePausedSet(paused);
    }

    function setFeePerGas(uint256 feePerGas_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        feePerGas = feePerGas_;
        emit FeePerGasSet(feePerGas_);
    }

    /// @notice Sends the collected messaging fees to `to`.
    function withdrawFees(address payable to) external onlyRole(DEFAULT_ADMIN_ROLE) {
        (bool ok,) = to.call{ value: address(this).balance }("");
        if (!ok) revert RefundFailed(to);
    }

    // ---------------------------------------------------------------- internals

    function _sendToken(
        uint256 amount,
        address sourceToken,
        uint32 destinationChainId,
        bytes32 destinationToken,
        bytes32 recipient,
        bytes32 refundAddress,
        address adapter,
        bytes calldata adapterArgs
    ) private returns (bytes32 messageId) {
        if (amount == 0) revert ZeroAmount();
        if (recipient == bytes32(0)) revert ZeroRecipient();
        if (!supportedBridgingPath[sourceToken][destinationChainId][destinationToken]) {
            revert UnsupportedBridgingPath(sourceToken, destinationChainId, destinationToken);
        }
        _checkSend(destinationChainId, refundAddress);
        if (adapter == address(this)) _collectFee(destinationChainId, TOKEN_TRANSFER, refundAddress);
        _pullM(sourceToken, amount);

        uint128 index = _index();
        bytes memory body = abi.encode(amount, destinationToken, msg.sender.toBytes32(), recipient, index);
        messageId = _dispatch(destinationChainId, TOKEN_TRANSFER, body, adapter, refundAddress, adapterArgs);
        emit TokenSent(
            sourceToken,
            destinationChainId,
            destinationToken,
            msg.sender,
            recipient,
            amount,
            index,
            adapter,
            messageId
        );
    }

    function _sendFillReport(
        uint32 destinationChainId,
        FillReport calldata report,
        bytes32 refundAddress,
        address adapter,
        bytes calldata adapterArgs
    ) private returns (bytes32 messageId) {
        if (msg.sender != orderBook) revert NotOrderBook();
        _checkSend(destinationChainId, refundAddress);
        if (adapter == address(this)) _collectFee(destinationChainId, FILL_REPORT, refundAddress);
        messageId =
            _dispatch(destinationChainId, FILL_REPORT, abi.encode(report), adapter, refundAddress, adapterArgs);
        emit FillReportSent(
            destinationChainId,
            report.orderId,
            report.amountInToRelease,
            report.amountOutFilled,
            report.originRecipient,
            report.tokenIn,
            _index(),
            adapter,
            messageId
        );
    }

    function _sendCancelReport(
        uint32 destinationChainId,
        CancelReport calldata report,
        bytes32 refundAddress,
        address adapter,
        bytes calldata adapterArgs
    ) private returns (bytes32 messageId) {
        if (msg.sender != orderBook) revert NotOrderBook();
        _checkSend(destinationChainId, refundAddress);
        if (adapter == address(this)) _collectFee(destinationChainId, CANCEL_REPORT, refundAddress);
        messageId =
            _dispatch(destinationChainId, CANCEL_REPORT, abi.encode(report), adapter, refundAddress, adapterArgs);
        emit CancelReportSent(
            destinationChainId,
            report.orderId,
            report.orderSender,
            report.tokenIn,
            report.amountInToRefund,
            _index(),
            adapter,
            messageId
        );
    }

    /// @dev Takes `amount` of `sourceToken` from the caller and leaves it as M locked here (hub) or burned (spoke).
    function _pullM(address sourceToken, uint256 amount) private {
        uint256 before = IERC20(sourceToken).balanceOf(address(this));
        sourceToken.safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = IERC20(sourceToken).balanceOf(address(this)) - before;
        if (received < amount) revert InsufficientAmountReceived(amount, received);

        if (sourceToken != mToken) {
            sourceToken.safeApprove(swapFacility, amount);
            ISwapFacilityLike(swapFacility).swapOutM(sourceToken, amount, address(this));
        }
        if (!isHub) IMTokenLike(mToken).burn(amount);
    }

    function _receiveToken(uint32 sourceChainId, bytes32 messageId, bytes memory body) private {
        (uint256 amount, bytes32 destinationToken, bytes32 sender, bytes32 recipient_, uint128 index) =
            abi.decode(body, (uint256, bytes32, bytes32, bytes32, uint128));
        address token = destinationToken.toAddress();
        address recipient = recipient_.toAddress();

        if (!isHub) IMTokenLike(mToken).mint(address(this), amount);

        if (token == mToken) {
            mToken.safeTransfer(recipient, amount);
        } else {
            mToken.safeApprove(swapFacility, amount);
            // A wrap that runs out of gas is the relayer's fault, not the recipient's: refuse to try it with
            // less than WRAP_GAS, so that gas estimation never settles for a WrapFailed delivery.
            if (gasleft() < WRAP_GAS) revert InsufficientGas();
            try ISwapFacilityLike(swapFacility).swapInM{ gas: WRAP_GAS }(token, amount, recipient) { }
            catch {
                mToken.safeApprove(swapFacility, 0);
                mToken.safeTransfer(recipient, amount);
                emit WrapFailed(token, recipient, amount);
            }
        }
        emit TokenReceived(sourceChainId, token, sender, recipient, amount, index, messageId);
    }

    /// @dev Emits the payload for the devnet relayer (this Portal as adapter) or hands it to an external adapter
    ///      with all of msg.value.
    function _dispatch(
        uint32 destinationChainId,
        uint8 payloadType,
        bytes memory body,
        address adapter,
        bytes32 refundAddress,
        bytes calldata adapterArgs
    ) private returns (bytes32 messageId) {
        messageId = keccak256(abi.encode(block.chainid, address(this), destinationChainId, _nonce++));
        bytes memory payload = abi.encode(payloadType, destinationChainId, messageId, body);
        if (adapter == address(this)) {
            emit MessageSent(destinationChainId, messageId, payloadType, payload);
        } else {
            IBridgeAdapterLike(adapter).sendMessage{ value: msg.value }(
                destinationChainId, _gasLimit(destinationChainId, payloadType), refundAddress, payload, adapterArgs
            );
        }
    }

    function _checkSend(uint32 destinationChainId, bytes32 refundAddress) private view {
        if (sendPaused) revert SendingPaused();
        if (destinationChainId == currentChainId()) revert InvalidDestinationChain(destinationChainId);
        if (refundAddress == bytes32(0)) revert ZeroRefundAddress();
    }

    function _gasLimit(uint32 destinationChainId, uint8 payloadType) private view returns (uint256 gasLimit) {
        gasLimit = payloadGasLimit[destinationChainId][payloadType];
        if (gasLimit == 0) revert PayloadGasLimitNotSet(destinationChainId, payloadType);
    }

    function _quote(uint32 destinationChainId, uint8 payloadType, address adapter) private view returns (uint256) {
        uint256 gasLimit = _gasLimit(destinationChainId, payloadType);
        if (adapter == address(this)) return gasLimit * feePerGas;
        return IBridgeAdapterLike(adapter).quote(destinationChainId, gasLimit, "");
    }

    /// @dev Requires msg.value >= this Portal's fee and refunds the excess to `refundAddress`.
    function _collectFee(uint32 destinationChainId, uint8 payloadType, bytes32 refundAddress) private {
        uint256 fee = _quote(destinationChainId, payloadType, address(this));
        if (msg.value < fee) revert InsufficientFee(fee, msg.value);
        if (msg.value > fee) {
            address to = refundAddress.toAddress();
            (bool ok,) = to.call{ value: msg.value - fee }("");
            if (!ok) revert RefundFailed(to);
        }
    }

    function _checkAdapter(uint32 destinationChainId, address bridgeAdapter) private view {
        if (!supportedBridgeAdapter(destinationChainId, bridgeAdapter)) {
            revert UnsupportedBridgeAdapter(destinationChainId, bridgeAdapter);
        }
    }

    function _index() private view returns (uint128) {
        return IMTokenLike(mToken).currentIndex();
    }
}
