// FR-FCFS serves a bank's open-row hits before older misses; FIFO serves
// strictly in arrival order; the queue holds exactly its capacity.
#include "sc_model/mem/frfcfs_queue.h"

#include <gtest/gtest.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {
namespace {

DramRequest request(uint32_t bank, uint32_t row, uint32_t port) {
  DramRequest r;
  r.bank = bank;
  r.row = row;
  r.port = port;  // used as a tag here
  return r;
}

TEST(FrFcfsQueue, RowHitBypassesOlderMissOfTheSameBank) {
  FrFcfsQueue q(8, true);
  q.push(request(0, 5, 1));  // oldest, other row
  q.push(request(0, 7, 2));  // hits the open row
  q.push(request(0, 7, 3));
  auto first = q.take_for_bank(0, 7u);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->port, 2u);
  EXPECT_EQ(q.take_for_bank(0, 7u)->port, 3u);
  EXPECT_EQ(q.take_for_bank(0, 7u)->port, 1u);  // no hit left: the oldest
  EXPECT_TRUE(q.empty());
}

TEST(FrFcfsQueue, ClosedBankTakesItsOldestAndOtherBanksAreIgnored) {
  FrFcfsQueue q(8, true);
  q.push(request(1, 3, 1));
  q.push(request(0, 9, 2));
  q.push(request(0, 4, 3));
  EXPECT_EQ(q.waiting_for(0), 2u);
  EXPECT_EQ(q.take_for_bank(0, std::nullopt)->port, 2u);
  EXPECT_FALSE(q.take_for_bank(2, std::nullopt));
  EXPECT_EQ(q.size(), 2u);
  EXPECT_EQ(q.waiting_for(0), 1u);
  EXPECT_EQ(q.waiting_for(1), 1u);
  EXPECT_EQ(q.waiting_for(7), 0u);
}

TEST(FrFcfsQueue, FifoServesOnlyTheHeadInArrivalOrder) {
  FrFcfsQueue q(8, false);
  q.push(request(0, 5, 1));
  q.push(request(1, 7, 2));
  q.push(request(0, 7, 3));
  EXPECT_FALSE(q.take_for_bank(1, 7u));          // bank 1's request is behind the head
  EXPECT_EQ(q.take_for_bank(0, 7u)->port, 1u);   // the head, although request 3 hits the row
  EXPECT_FALSE(q.take_for_bank(0, 7u));          // head is now bank 1's
  EXPECT_EQ(q.take_for_bank(1, std::nullopt)->port, 2u);
  EXPECT_EQ(q.take_for_bank(0, 7u)->port, 3u);
}

TEST(FrFcfsQueue, HoldsExactlyItsCapacity) {
  FrFcfsQueue q(3, true);
  for (uint32_t i = 0; i < 3; ++i) {
    EXPECT_FALSE(q.full());
    q.push(request(i, 0, i));
  }
  EXPECT_TRUE(q.full());
  EXPECT_THROW(q.push(request(0, 0, 9)), Error);
  q.take_for_bank(1, std::nullopt);
  EXPECT_FALSE(q.full());
  EXPECT_THROW(FrFcfsQueue(0, true), Error);
}

}  // namespace
}  // namespace scwarp::mem
