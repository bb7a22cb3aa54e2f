// One-line self-registration of a workload driver:
//   SCWARP_REGISTER_WORKLOAD(MatmulWorkload, "matmul");
// registers a factory under that name at static initialisation. The library
// is an OBJECT library so these initialisers are always linked in.
#pragma once

#include <memory>

#include "tb/workloads/workload.h"

#define SCWARP_WORKLOAD_CONCAT_(a, b) a##b
#define SCWARP_WORKLOAD_CONCAT(a, b) SCWARP_WORKLOAD_CONCAT_(a, b)
// The variable is named after the line so Class may be a qualified name.
#define SCWARP_REGISTER_WORKLOAD(Class, name_literal)                                     \
  namespace {                                                                              \
  [[maybe_unused]] const bool SCWARP_WORKLOAD_CONCAT(scwarp_registered_, __LINE__) = [] {  \
    ::scwarp::workloads::register_workload(name_literal, [] { return std::make_unique<Class>(); }); \
    return true;                                                                           \
  }();                                                                                     \
  }
