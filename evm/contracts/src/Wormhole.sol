// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import { AddressCast, Roles } from "./Common.sol";

/// @notice A verified Wormhole message (VAA v1), as the core bridge's `parseAndVerifyVM` returns it.
struct WormholeSignature {
    bytes32 r;
    bytes32 s;
    uint8 v;
    uint8 guardianIndex;
}

struct WormholeVM {
    uint8 version;
    uint32 timestamp;
    uint32 nonce;
    uint16 emitterChainId;
    bytes32 emitterAddress;
    uint64 sequence;
    uint8 consistencyLevel;
    bytes payload;
    uint32 guardianSetIndex;
    WormholeSignature[] signatures;
    bytes32 hash;
}

interface IWormholeCore {
    function messageFee() external view returns (uint256);
    function chainId() external view returns (uint16);
    function publishMessage(uint32 nonce, bytes memory payload, uint8 consistencyLevel)
        external
        payable
        returns (uint64 sequence);
    function parseAndVerifyVM(bytes calldata encodedVM)
        external
        view
        returns (WormholeVM memory vm, bool valid, string memory reason);
}

interface IWormholeExecutor {
    function requestExecution(
        uint16 dstChain,
        bytes32 dstAddr,
        address refundAddr,
        bytes calldata signedQuote,
        bytes calldata requestBytes,
        bytes calldata relayInstructions
    ) external payable;
}

interface IPortalReceiver {
    function receiveMessage(uint32 sourceChainId, bytes calldata payload) external;
    function currentChainId() external view returns (uint32);
}

/// @title  WormholeCore
/// @notice Stand-in for the Wormhole core bridge with its real external signatures: `messageFee`, `chainId`,
///         `nextSequence`, `publishMessage` (emitting `LogMessagePublished`) and `parseAndVerifyVM`. One guardian,
///         set at deploy, is the whole guardian set (index 0, quorum 1): a VAA verifies when it carries that
///         guardian's signature of keccak256(keccak256(body)).
contract WormholeCore is Roles {
    uint16 public immutable chainId;
    address public immutable guardian;
    uint256 public messageFee;

    mapping(address emitter => uint64) public nextSequence;

    event LogMessagePublished(
        address indexed sender, uint64 sequence, uint32 nonce, bytes payload, uint8 consistencyLevel
    );
    event MessageFeeSet(uint256 messageFee);

    error ZeroGuardian();

    constructor(uint16 chainId_, address guardian_, address admin) Roles(admin) {
        if (guardian_ == address(0)) revert ZeroGuardian();
        chainId = chainId_;
        guardian = guardian_;
    }

    /// @notice The guardian set: this stand-in has one set (index 0) of one guardian.
    function getCurrentGuardianSetIndex() external pure returns (uint32) {
        return 0;
    }

    function setMessageFee(uint256 messageFee_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        messageFee = messageFee_;
        emit MessageFeeSet(messageFee_);
    }

    /// @notice Publishes `payload` from msg.sender; msg.value must be exactly the message fee ("invalid fee",
    ///         as the real core bridge). The fee stays here.
    function publishMessage(uint32 nonce, bytes memory payload, uint8 consistencyLevel)
        external
        payable
        returns (uint64 sequence)
    {
        require(msg.value == messageFee, "invalid fee");
        sequence = nextSequence[msg.sender]++;
        emit LogMessagePublished(msg.sender, sequence, nonce, payload, consistencyLevel);
    }

    /// @notice Decodes a VAA v1 and verifies it against the one guardian. A malformed VAA reverts; a well-formed
    ///         one that does not verify returns valid = false and a reason, as the real core bridge does.
    function parseAndVerifyVM(bytes calldata encodedVM)
        external
        view
        returns (WormholeVM memory vm, bool valid, string memory reason)
    {
        vm = parseVM(encodedVM);
        if (vm.version != 1) return (vm, false, "invalid version");
        if (vm.guardianSetIndex != 0) return (vm, false, "invalid guardian set");
        if (vm.signatures.length < 1) return (vm, false, "no quorum");
        WormholeSignature memory sig = vm.signatures[0];
        if (sig.guardianIndex != 0) return (vm, false, "guardian index out of bounds");
        if (ecrecover(vm.hash, sig.v, sig.r, sig.s) != guardian) return (vm, false, "VM signature invalid");
        return (vm, true, "");
    }

    /// @notice Decodes a VAA v1: version u8 | guardianSetIndex u32 | n u8 | n × (index u8 | r | s | v u8) | body,
    ///         body = timestamp u32 | nonce u32 | emitterChain u16 | emitter bytes32 | sequence u64 |
    ///         consistencyLevel u8 | payload. The hash is keccak256(keccak256(body)).
    function parseVM(bytes calldata e) public pure returns (WormholeVM memory vm) {
        uint256 i = 0;
        vm.version = uint8(e[i]);
        i += 1;
        vm.guardianSetIndex = uint32(bytes4(e[i:i + 4]));
        i += 4;
        uint256 n = uint8(e[i]);
        i += 1;
        vm.signatures = new WormholeSignature[](n);
        for (uint256 k = 0; k < n; k++) {
            vm.signatures[k].guardianIndex = uint8(e[i]);
            vm.signatures[k].r = bytes32(e[i + 1:i + 33]);
            vm.signatures[k].s = bytes32(e[i + 33:i + 65]);
            vm.signatures[k].v = uint8(e[i + 65]) + 27;
            i += 66;
        }
        bytes calldata body = e[i:];
        vm.hash = keccak256(abi.encodePacked(keccak256(body)));
        vm.timestamp = uint32(bytes4(e[i:i + 4]));
        vm.nonce = uint32(bytes4(e[i + 4:i + 8]));
        vm.emitterChainId = uint16(bytes2(e[i + 8:i + 10]));
        vm.emitterAddress = bytes32(e[i + 10:i + 42]);
        vm.sequence = uint64(bytes8(e[i + 42:i + 50]));
        vm.consistencyLevel = uint8(e[i + 50]);
        vm.payload = e[i + 51:];
    }

    /// @notice Sends the collected message fees to `to`.
    function withdrawFees(address payable to) external onlyRole(DEFAULT_ADMIN_ROLE) {
        (bool ok,) = to.call{ value: address(this).balance }("");
        require(ok, "transfer failed");
    }
}

/// @title  Executor
/// @notice Stand-in for the Wormhole Executor contract with its real external interface: `requestExecution`,
///         `ourChain`, the `RequestForExecution` event and the custom errors of example-messaging-executor's
///         `evm/src/Executor.sol`. It checks the signed quote's source chain (this chain), destination chain
///         (the request's) and expiry, pays all of msg.value to the quote's payee and emits the request.
///         Stricter than mainnet (whose Executor checks no signature and no prefix): the quote must open with
///         "EQ01", be 165 bytes, name the quoter set at deploy and carry that quoter's signature of
///         keccak256(first 100 bytes).
contract Executor {
    string public constant EXECUTOR_VERSION = "Executor-0.0.1";

    uint16 public immutable ourChain;
    /// @notice The one quoter whose quotes this stand-in accepts (the devnet's Executor API stand-in).
    address public immutable quoter;

    event RequestForExecution(
        address indexed quoterAddress,
        uint256 amtPaid,
        uint16 dstChain,
        bytes32 dstAddr,
        address refundAddr,
        bytes signedQuote,
        bytes requestBytes,
        bytes relayInstructions
    );

    error QuoteSrcChainMismatch(uint16 quoteSrcChain, uint16 requestSrcChain);
    error QuoteDstChainMismatch(uint16 quoteDstChain, uint16 requestDstChain);
    error QuoteExpired(uint64 expiryTime);
    error NotAnEvmAddress(bytes32);
    /// @notice This stand-in's own: the quote is not a 165-byte "EQ01" quote.
    error InvalidQuote();
    /// @notice This stand-in's own: the quote is not signed by the quoter set at deploy.
    error QuoteSignerMismatch(address signer, address quoter);
    /// @notice This stand-in's own: the payee refused the payment.
    error PaymentFailed(address payee);

    constructor(uint16 ourChain_, address quoter_) {
        ourChain = ourChain_;
        quoter = quoter_;
    }

    function requestExecution(
        uint16 dstChain,
        bytes32 dstAddr,
        address refundAddr,
        bytes calldata signedQuote,
        bytes calldata requestBytes,
        bytes calldata relayInstructions
    ) external payable {
        if (signedQuote.length != 165 || bytes4(signedQuote[0:4]) != bytes4("EQ01")) revert InvalidQuote();
        uint16 srcChain = uint16(bytes2(signedQuote[56:58]));
        uint16 quoteDstChain = uint16(bytes2(signedQuote[58:60]));
        uint64 expiry = uint64(bytes8(signedQuote[60:68]));
        if (srcChain != ourChain) revert QuoteSrcChainMismatch(srcChain, ourChain);
        if (quoteDstChain != dstChain) revert QuoteDstChainMismatch(quoteDstChain, dstChain);
        if (expiry <= block.timestamp) revert QuoteExpired(expiry);

        address quoterAddress = address(bytes20(signedQuote[4:24]));
        address signer = ecrecover(
            keccak256(signedQuote[0:100]),
            uint8(signedQuote[164]),
            bytes32(signedQuote[100:132]),
            bytes32(signedQuote[132:164])
        );
        if (quoterAddress != quoter || signer != quoter) revert QuoteSignerMismatch(signer, quoter);

        bytes32 payee = bytes32(signedQuote[24:56]);
        if (uint256(payee) >> 160 != 0) revert NotAnEvmAddress(payee);
        address payeeAddress = address(uint160(uint256(payee)));
        (bool ok,) = payeeAddress.call{ value: msg.value }("");
        if (!ok) revert PaymentFailed(payeeAddress);

        emit RequestForExecution(
            quoterAddress, msg.value, dstChain, dstAddr, refundAddr, signedQuote, requestBytes, relayInstructions
        );
    }
}

/// @title  WormholeBridgeAdapter
/// @notice Stand-in for M0 Portal V2's Wormhole bridge adapter with its real external functions. Sending (Portal
///         only) publishes the payload on the core bridge, paying exactly its message fee, and asks the Executor to
///         relay it with the rest of msg.value, the signed quote (the Portal's bridge adapter arguments), a VAA v1
///         request and gas relay instructions (the Portal's payload gas limit and this destination's msg value).
///         Receiving (`executeVAAv1`, anyone) verifies the VAA on the core bridge, checks that the payload is for
///         this chain, refuses replays, maps the emitter chain to the M0 chain id, checks the sender peer and hands
///         the payload to the Portal. `quote` always reverts `OnChainQuoteNotSupported()`: the cost comes from
///         the Executor's API.
contract WormholeBridgeAdapter is Roles {
    using AddressCast for address;
    using AddressCast for bytes32;

    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");

    address public immutable portal;
    address public immutable coreBridge;
    address public immutable executor;
    uint8 public immutable consistencyLevel;
    uint16 public immutable currentWormholeChainId;

    mapping(uint32 chainId => bytes32) private _peer;
    mapping(uint32 chainId => bytes32) private _senderPeer;
    mapping(uint32 chainId => uint256) private _bridgeChainId;
    mapping(uint256 bridgeChainId => uint32) private _chainId;
    mapping(uint32 chainId => uint128) private _msgValue;
    mapping(bytes32 hash => bool) public messageConsumed;

    event PeerSet(uint32 chainId, bytes32 peer);
    event SenderPeerSet(uint32 chainId, bytes32 peer);
    event BridgeChainIdSet(uint32 chainId, uint256 bridgeChainId);
    event MsgValueSet(uint32 chainId, uint128 msgValue);

    error ZeroPortal();
    error ZeroCoreBridge();
    error ZeroExecutor();
    error ZeroChain();
    error ZeroBridgeChain();
    error ZeroPeer();
    error NotPortal();
    error UnsupportedChain(uint32 chainId);
    error UnsupportedBridgeChain(uint256 bridgeChainId);
    error InvalidVaa(string reason);
    error UnsupportedSender(bytes32 sender);
    error InsufficientFee();
    error OnChainQuoteNotSupported();
    error MessageAlreadyConsumed(bytes32 hash);
    error InvalidTargetChain(uint32 targetChainId);

    constructor(address coreBridge_, address executor_, uint8 consistencyLevel_, address portal_, address admin)
        Roles(admin)
    {
        if ((coreBridge = coreBridge_) == address(0)) revert ZeroCoreBridge();
        if ((executor = executor_) == address(0)) revert ZeroExecutor();
        if ((portal = portal_) == address(0)) revert ZeroPortal();
        consistencyLevel = consistencyLevel_;
        currentWormholeChainId = IWormholeCore(coreBridge_).chainId();
        _grantRole(OPERATOR_ROLE, admin);
    }

    // ---------------------------------------------------------------- views

    function quote(uint32, uint256, bytes memory) external pure returns (uint256) {
        revert OnChainQuoteNotSupported();
    }

    function getPeer(uint32 chainId) external view returns (bytes32) {
        return _peer[chainId];
    }

    function getSenderPeer(uint32 chainId) external view returns (bytes32) {
        return _senderPeer[chainId];
    }

    function getBridgeChainId(uint32 chainId) external view returns (uint256) {
        return _bridgeChainId[chainId];
    }

    function getChainId(uint256 bridgeChainId) external view returns (uint32) {
        return _chainId[bridgeChainId];
    }

    function getMsgValue(uint32 chainId) external view returns (uint128) {
        return _msgValue[chainId];
    }

    // ---------------------------------------------------------------- sending

    function sendMessage(
        uint32 destinationChainId,
        uint256 gasLimit,
        bytes32 refundAddress,
        bytes memory payload,
        bytes calldata extraArguments
    ) external payable {
        if (msg.sender != portal) revert NotPortal();
        uint256 fee = IWormholeCore(coreBridge).messageFee();
        if (msg.value < fee) revert InsufficientFee();

        uint64 sequence = IWormholeCore(coreBridge).publishMessage{ value: fee }(0, payload, consistencyLevel);
        bytes32 peer = _peer[destinationChainId];
        if (peer == bytes32(0)) revert UnsupportedChain(destinationChainId);
        uint256 bridgeChainId = _bridgeChainId[destinationChainId];
        if (bridgeChainId == 0) revert UnsupportedChain(destinationChainId);

        IWormholeExecutor(executor).requestExecution{ value: msg.value - fee }(
            uint16(bridgeChainId),
            peer,
            refundAddress.toAddress(),
            extraArguments,
            abi.encodePacked("ERV1", currentWormholeChainId, address(this).toBytes32(), sequence),
            abi.encodePacked(uint8(1), uint128(gasLimit), _msgValue[destinationChainId])
        );
    }

    // ---------------------------------------------------------------- receiving

    function executeVAAv1(bytes calldata encodedVAA) external payable {
        (WormholeVM memory vm, bool valid, string memory reason) = IWormholeCore(coreBridge).parseAndVerifyVM(encodedVAA);
        if (!valid) revert InvalidVaa(reason);

        // The devnet payload is abi.encode(uint8 payloadType, uint32 destinationChainId, bytes32 messageId, bytes
        // body): it names the destination chain but not the destination adapter.
        (, uint32 targetChainId) = abi.decode(vm.payload, (uint8, uint32));
        if (targetChainId != IPortalReceiver(portal).currentChainId()) revert InvalidTargetChain(targetChainId);

        if (messageConsumed[vm.hash]) revert MessageAlreadyConsumed(vm.hash);
        messageConsumed[vm.hash] = true;

        uint32 sourceChainId = _chainId[vm.emitterChainId];
        if (sourceChainId == 0) revert UnsupportedBridgeChain(vm.emitterChainId);
        if (vm.emitterAddress != _senderPeer[sourceChainId]) revert UnsupportedSender(vm.emitterAddress);

        IPortalReceiver(portal).receiveMessage(sourceChainId, vm.payload);
    }

    // ---------------------------------------------------------------- operator

    /// @notice Sets the adapter `chainId`'s messages are sent to. This stand-in's `setPeer` also sets the sender
    ///         peer (as on EVM chains, where they are the same); `setSenderPeer` overrides it (SVM's signer PDA).
    function setPeer(uint32 chainId, bytes32 peer) external onlyRole(OPERATOR_ROLE) {
        if (chainId == 0) revert ZeroChain();
        if (peer == bytes32(0)) revert ZeroPeer();
        _peer[chainId] = peer;
        _senderPeer[chainId] = peer;
        emit PeerSet(chainId, peer);
        emit SenderPeerSet(chainId, peer);
    }

    function setSenderPeer(uint32 chainId, bytes32 senderPeer) external onlyRole(OPERATOR_ROLE) {
        if (chainId == 0) revert ZeroChain();
        _senderPeer[chainId] = senderPeer;
        emit SenderPeerSet(chainId, senderPeer);
    }

    function setBridgeChainId(uint32 chainId, uint256 bridgeChainId) external onlyRole(OPERATOR_ROLE) {
        if (chainId == 0) revert ZeroChain();
        if (bridgeChainId == 0) revert ZeroBridgeChain();
        _bridgeChainId[chainId] = bridgeChainId;
        _chainId[bridgeChainId] = chainId;
        emit BridgeChainIdSet(chainId, bridgeChainId);
    }

    function setMsgValue(uint32 chainId, uint128 msgValue) external onlyRole(OPERATOR_ROLE) {
        if (chainId == 0) revert ZeroChain();
        _msgValue[chainId] = msgValue;
        emit MsgValueSet(chainId, msgValue);
    }
}
