// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title  PriceFeed
/// @notice Stand-in for a Chainlink price feed (an EACAggregatorProxy such as ETH / USD), with
///         AggregatorV3Interface's signatures: `decimals()`, `description()`, `version()`,
///         `getRoundData(uint80)` and `latestRoundData()`. Its answers are set by its owner, with the
///         signatures of Chainlink's MockV3Aggregator (`updateAnswer`, `updateRoundData`), instead of
///         by an oracle network; `updateRoundData` sets any time, so a test can make the feed stale.
contract PriceFeed {
    struct Round {
        int256 answer;
        uint256 startedAt;
        uint256 updatedAt;
    }

    /// @notice AggregatorV3Interface: the number of decimals of an answer.
    uint8 public immutable decimals;
    /// @notice AggregatorV3Interface: what the feed prices ("ETH / USD").
    string public description;
    /// @notice AggregatorV3Interface: the aggregator's version (Chainlink's current one is 4).
    uint256 public constant version = 4;
    /// @notice The latest round's id (MockV3Aggregator's `latestRound`).
    uint80 public latestRound;
    address public owner;

    mapping(uint80 => Round) private rounds;

    /// @notice Chainlink's AggregatorInterface events.
    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);
    event NewRound(uint256 indexed roundId, address indexed startedBy, uint256 startedAt);

    error NotOwner();
    error NoDataPresent();

    constructor(uint8 decimals_, string memory description_, int256 initialAnswer, address owner_) {
        decimals = decimals_;
        description = description_;
        owner = owner_;
        _record(initialAnswer, block.timestamp, block.timestamp);
    }

    /// @notice MockV3Aggregator's: a new round answering `answer`, updated and started now.
    function updateAnswer(int256 answer) external {
        if (msg.sender != owner) revert NotOwner();
        _record(answer, block.timestamp, block.timestamp);
    }

    /// @notice MockV3Aggregator's: round `roundId` answering `answer`, updated at `updatedAt` and started
    ///         at `startedAt`, which becomes the latest round.
    function updateRoundData(uint80 roundId, int256 answer, uint256 updatedAt, uint256 startedAt) external {
        if (msg.sender != owner) revert NotOwner();
        latestRound = roundId;
        rounds[roundId] = Round(answer, startedAt, updatedAt);
        emit AnswerUpdated(answer, roundId, updatedAt);
        emit NewRound(roundId, msg.sender, startedAt);
    }

    /// @notice AggregatorV3Interface: round `roundId`; reverts for a round never recorded.
    function getRoundData(uint80 roundId)
        external
        view
        returns (uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory r = rounds[roundId];
        if (r.updatedAt == 0) revert NoDataPresent();
        return (roundId, r.answer, r.startedAt, r.updatedAt, roundId);
    }

    /// @notice AggregatorV3Interface: the latest round.
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory r = rounds[latestRound];
        return (latestRound, r.answer, r.startedAt, r.updatedAt, latestRound);
    }

    function _record(int256 answer, uint256 updatedAt, uint256 startedAt) private {
        uint80 id = latestRound + 1;
        latestRound = id;
        rounds[id] = Round(answer, startedAt, updatedAt);
        emit AnswerUpdated(answer, id, updatedAt);
        emit NewRound(id, msg.sender, startedAt);
    }
}
