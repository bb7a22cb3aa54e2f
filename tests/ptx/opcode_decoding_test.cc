// Table-driven: one instruction line in, decoded opcode/types/modifiers out.
#include <gtest/gtest.h>

#include <functional>

#include "tests/ptx/ptx_test_util.h"

namespace scwarp::ptx::test {
namespace {

struct Case {
  const char* line;
  Opcode op;
  Type type;
  Type type2;
  InstrClass cls;
  std::function<bool(const Instr&)> extra;  // further modifiers to check
};

bool any(const Instr&) { return true; }

const std::vector<Case>& cases() {
  using O = Opcode;
  using T = Type;
  using C = InstrClass;
  static const std::vector<Case> table = {
      {"ld.global.nc.v4.f32 {%f1,%f2,%f3,%f4}, [%rd1];", O::Ld, T::F32, T::None, C::Mem,
       [](const Instr& i) { return i.nc && i.vec == 4 && i.space == Space::Global; }},
      {"ld.volatile.shared.u16 %h1, [%r1];", O::Ld, T::U16, T::None, C::Mem,
       [](const Instr& i) { return i.order == MemOrder::Volatile && i.space == Space::Shared; }},
      {"ld.relaxed.gpu.global.L1::no_allocate.b32 %r1, [%rd1];", O::Ld, T::B32, T::None, C::Mem,
       [](const Instr& i) { return i.order == MemOrder::Relaxed && i.scope == Scope::Gpu; }},
      {"ld.acquire.sys.b64 %rd1, [%rd2];", O::Ld, T::B64, T::None, C::Mem,
       [](const Instr& i) { return i.order == MemOrder::Acquire && i.space == Space::Generic; }},
      {"ld.global.cg.L2::128B.v2.u32 {%r1,%r2}, [%rd1];", O::Ld, T::U32, T::None, C::Mem,
       [](const Instr& i) { return i.vec == 2; }},
      {"ldu.global.f64 %fd1, [%rd1];", O::Ldu, T::F64, T::None, C::Mem, any},
      {"st.release.cta.shared::cta.u32 [%r1], %r2;", O::St, T::U32, T::None, C::Mem,
       [](const Instr& i) { return i.order == MemOrder::Release && i.scope == Scope::Cta && i.space == Space::Shared; }},
      {"st.local.wt.v2.f64 [%rd1+8], {%fd1,%fd2};", O::St, T::F64, T::None, C::Mem,
       [](const Instr& i) { return i.space == Space::Local && i.vec == 2; }},
      {"cvta.to.global.u64 %rd1, %rd2;", O::Cvta, T::U64, T::None, C::IntAlu,
       [](const Instr& i) { return i.to_space && i.space == Space::Global; }},
      {"cvta.shared.u64 %rd1, %rd2;", O::Cvta, T::U64, T::None, C::IntAlu,
       [](const Instr& i) { return !i.to_space && i.space == Space::Shared; }},
      {"add.cc.u32 %r1, %r2, %r3;", O::Add, T::U32, T::None, C::IntAlu,
       [](const Instr& i) { return i.cc; }},
      {"addc.cc.u32 %r1, %r2, %r3;", O::Addc, T::U32, T::None, C::IntAlu,
       [](const Instr& i) { return i.cc; }},
      {"subc.u32 %r1, %r2, %r3;", O::Subc, T::U32, T::None, C::IntAlu, any},
      {"madc.hi.cc.u32 %r1, %r2, %r3, %r4;", O::Madc, T::U32, T::None, C::IntAlu,
       [](const Instr& i) { return i.cc && i.mul == MulMode::Hi; }},
      {"add.rn.ftz.sat.f32 %f1, %f2, %f3;", O::Add, T::F32, T::None, C::FpAlu,
       [](const Instr& i) { return i.rnd == Round::Rn && i.ftz && i.sat; }},
      {"add.s32.sat %r1, %r2, %r3;", O::Add, T::S32, T::None, C::IntAlu,
       [](const Instr& i) { return i.sat; }},
      {"mul.wide.s32 %rd1, %r1, %r2;", O::Mul, T::S32, T::None, C::IntAlu,
       [](const Instr& i) { return i.mul == MulMode::Wide; }},
      {"mul.hi.u64 %rd1, %rd2, %rd3;", O::Mul, T::U64, T::None, C::IntAlu,
       [](const Instr& i) { return i.mul == MulMode::Hi; }},
      {"mad.lo.s32 %r1, %r2, %r3, %r4;", O::Mad, T::S32, T::None, C::IntAlu,
       [](const Instr& i) { return i.mul == MulMode::Lo; }},
      {"mul24.lo.u32 %r1, %r2, %r3;", O::Mul24, T::U32, T::None, C::IntAlu, any},
      {"mad24.hi.s32 %r1, %r2, %r3, %r4;", O::Mad24, T::S32, T::None, C::IntAlu, any},
      {"sad.u32 %r1, %r2, %r3, %r4;", O::Sad, T::U32, T::None, C::IntAlu, any},
      {"fma.rm.f64 %fd1, %fd2, %fd3, %fd4;", O::Fma, T::F64, T::None, C::Fp64,
       [](const Instr& i) { return i.rnd == Round::Rm; }},
      {"div.rp.f32 %f1, %f2, %f3;", O::Div, T::F32, T::None, C::FpAlu,
       [](const Instr& i) { return i.rnd == Round::Rp; }},
      {"div.approx.ftz.f32 %f1, %f2, %f3;", O::Div, T::F32, T::None, C::Sfu,
       [](const Instr& i) { return i.approx && i.ftz; }},
      {"div.full.f32 %f1, %f2, %f3;", O::Div, T::F32, T::None, C::Sfu,
       [](const Instr& i) { return i.full; }},
      {"div.s32 %r1, %r2, %r3;", O::Div, T::S32, T::None, C::IntAlu, any},
      {"rem.u64 %rd1, %rd2, %rd3;", O::Rem, T::U64, T::None, C::IntAlu, any},
      {"abs.ftz.f32 %f1, %f2;", O::Abs, T::F32, T::None, C::FpAlu, any},
      {"neg.f64 %fd1, %fd2;", O::Neg, T::F64, T::None, C::Fp64, any},
      {"min.ftz.NaN.f32 %f1, %f2, %f3;", O::Unsupported, T::None, T::None, C::IntAlu, any},
      {"max.u16 %h1, %h2, %h3;", O::Max, T::U16, T::None, C::IntAlu, any},
      {"copysign.f64 %fd1, %fd2, %fd3;", O::Copysign, T::F64, T::None, C::Fp64, any},
      {"testp.notanumber.f32 %p1, %f1;", O::Testp, T::F32, T::None, C::FpAlu,
       [](const Instr& i) { return i.testp == TestpOp::NotANumber; }},
      {"and.pred %p1, %p2, %p3;", O::And, T::Pred, T::None, C::IntAlu, any},
      {"cnot.b32 %r1, %r2;", O::Cnot, T::B32, T::None, C::IntAlu, any},
      {"shr.s64 %rd1, %rd2, 3;", O::Shr, T::S64, T::None, C::IntAlu, any},
      {"bfe.u32 %r1, %r2, 8, 4;", O::Bfe, T::U32, T::None, C::IntAlu, any},
      {"bfi.b64 %rd1, %rd2, %rd3, %r1, %r2;", O::Bfi, T::B64, T::None, C::IntAlu, any},
      {"bfind.shiftamt.s32 %r1, %r2;", O::Bfind, T::S32, T::None, C::IntAlu,
       [](const Instr& i) { return i.shiftamt; }},
      {"popc.b64 %r1, %rd1;", O::Popc, T::B64, T::None, C::IntAlu, any},
      {"clz.b32 %r1, %r2;", O::Clz, T::B32, T::None, C::IntAlu, any},
      {"brev.b32 %r1, %r2;", O::Brev, T::B32, T::None, C::IntAlu, any},
      {"prmt.b32.ecl %r1, %r2, %r3, %r4;", O::Prmt, T::B32, T::None, C::IntAlu,
       [](const Instr& i) { return i.prmt == PrmtMode::Ecl; }},
      {"shf.r.clamp.b32 %r1, %r2, %r3, %r4;", O::Shf, T::B32, T::None, C::IntAlu,
       [](const Instr& i) { return !i.shift_left && i.clamp && !i.wrap; }},
      {"shf.l.wrap.b32 %r1, %r2, %r3, %r4;", O::Shf, T::B32, T::None, C::IntAlu,
       [](const Instr& i) { return i.shift_left && i.wrap; }},
      {"bmsk.clamp.b32 %r1, %r2, %r3;", O::Bmsk, T::B32, T::None, C::IntAlu, any},
      {"bmsk.b32 %r1, %r2, %r3;", O::Bmsk, T::B32, T::None, C::IntAlu, any},
      {"vabsdiff4.u32.u32.u32.add %r1, %r2, %r3, %r4;", O::Vabsdiff4, T::U32, T::U32, C::IntAlu,
       [](const Instr& i) { return i.atom == AtomOp::Add; }},
      {"dp4a.u32.s32 %r1, %r2, %r3, %r4;", O::Dp4a, T::U32, T::S32, C::IntAlu, any},
      {"dp2a.lo.s32.u32 %r1, %r2, %r3, %r4;", O::Dp2a, T::S32, T::U32, C::IntAlu,
       [](const Instr& i) { return i.mul == MulMode::Lo; }},
      {"setp.lo.u32 %p1, %r1, %r2;", O::Setp, T::Pred, T::U32, C::IntAlu,
       [](const Instr& i) { return i.cmp == Cmp::Lo && i.mul == MulMode::None; }},
      {"setp.hs.and.u64 %p1|%p2, %rd1, %rd2, !%p3;", O::Setp, T::Pred, T::U64, C::IntAlu,
       [](const Instr& i) { return i.cmp == Cmp::Hs && i.boolop == BoolOp::And && i.dst_pred != kNoReg; }},
      {"setp.nan.f32 %p1, %f1, %f2;", O::Setp, T::Pred, T::F32, C::FpAlu,
       [](const Instr& i) { return i.cmp == Cmp::Nan; }},
      {"setp.gtu.ftz.f64 %p1, %fd1, %fd2;", O::Setp, T::Pred, T::F64, C::Fp64,
       [](const Instr& i) { return i.cmp == Cmp::Gtu && i.ftz; }},
      {"set.ne.xor.u32.f32 %r1, %f1, %f2, %p1;", O::Set, T::U32, T::F32, C::FpAlu,
       [](const Instr& i) { return i.cmp == Cmp::Ne && i.boolop == BoolOp::Xor; }},
      {"selp.f32 %f1, %f2, %f3, %p1;", O::Selp, T::F32, T::None, C::IntAlu, any},
      {"slct.ftz.f32.s32 %f1, %f2, %f3, %r1;", O::Slct, T::F32, T::S32, C::IntAlu, any},
      {"cvt.rni.sat.s32.f32 %r1, %f1;", O::Cvt, T::S32, T::F32, C::FpAlu,
       [](const Instr& i) { return i.rnd == Round::Rni && i.sat; }},
      {"cvt.rn.f32.f64 %f1, %fd1;", O::Cvt, T::F32, T::F64, C::Fp64, any},
      {"cvt.u16.u32 %h1, %r1;", O::Cvt, T::U16, T::U32, C::IntAlu, any},
      {"cvt.rzi.ftz.s64.f32 %rd1, %f1;", O::Cvt, T::S64, T::F32, C::FpAlu,
       [](const Instr& i) { return i.rnd == Round::Rzi && i.ftz; }},
      {"rcp.approx.ftz.f64 %fd1, %fd2;", O::Rcp, T::F64, T::None, C::Fp64, any},
      {"sqrt.rn.f32 %f1, %f2;", O::Sqrt, T::F32, T::None, C::Sfu, any},
      {"rsqrt.approx.f32 %f1, %f2;", O::Rsqrt, T::F32, T::None, C::Sfu, any},
      {"ex2.approx.ftz.f32 %f1, %f2;", O::Ex2, T::F32, T::None, C::Sfu, any},
      {"lg2.approx.f32 %f1, %f2;", O::Lg2, T::F32, T::None, C::Sfu, any},
      {"sin.approx.f32 %f1, %f2;", O::Sin, T::F32, T::None, C::Sfu, any},
      {"cos.approx.ftz.f32 %f1, %f2;", O::Cos, T::F32, T::None, C::Sfu, any},
      {"tanh.approx.f32 %f1, %f2;", O::Tanh, T::F32, T::None, C::Sfu, any},
      {"bar.sync 0;", O::BarSync, T::None, T::None, C::Barrier, any},
      {"barrier.sync.aligned 1, 64;", O::BarSync, T::None, T::None, C::Barrier, any},
      {"barrier.cta.arrive 1, 64;", O::BarArrive, T::None, T::None, C::Barrier, any},
      {"bar.arrive 2, 128;", O::BarArrive, T::None, T::None, C::Barrier, any},
      {"bar.red.popc.u32 %r1, 0, %p1;", O::BarRed, T::U32, T::None, C::Barrier,
       [](const Instr& i) { return i.boolop == BoolOp::Popc; }},
      {"bar.red.or.pred %p1, 0, !%p2;", O::BarRed, T::Pred, T::None, C::Barrier,
       [](const Instr& i) { return i.boolop == BoolOp::Or && i.ops[2].neg; }},
      {"bar.warp.sync -1;", O::BarWarpSync, T::None, T::None, C::Sync,
       [](const Instr& i) { return i.ops[0].imm == 0xffffffffu; }},
      {"membar.gl;", O::Membar, T::None, T::None, C::Sync,
       [](const Instr& i) { return i.scope == Scope::Gpu; }},
      {"membar.cta;", O::Membar, T::None, T::None, C::Sync,
       [](const Instr& i) { return i.scope == Scope::Cta; }},
      {"fence.sc.sys;", O::Fence, T::None, T::None, C::Sync,
       [](const Instr& i) { return i.order == MemOrder::Sc && i.scope == Scope::Sys; }},
      {"fence.acq_rel.gpu;", O::Fence, T::None, T::None, C::Sync,
       [](const Instr& i) { return i.order == MemOrder::AcqRel && i.scope == Scope::Gpu; }},
      {"nanosleep.u32 100;", O::Nanosleep, T::U32, T::None, C::Sync, any},
      {"atom.global.cas.b64 %rd1, [%rd2], %rd3, %rd4;", O::Atom, T::B64, T::None, C::Mem,
       [](const Instr& i) { return i.atom == AtomOp::Cas && i.space == Space::Global; }},
      {"atom.shared.inc.u32 %r1, [%r2], 10;", O::Atom, T::U32, T::None, C::Mem,
       [](const Instr& i) { return i.atom == AtomOp::Inc && i.space == Space::Shared; }},
      {"atom.acq_rel.sys.xor.b32 %r1, [%rd1], %r2;", O::Atom, T::B32, T::None, C::Mem,
       [](const Instr& i) {
         return i.atom == AtomOp::Xor && i.boolop == BoolOp::None && i.space == Space::Generic &&
                i.order == MemOrder::AcqRel && i.scope == Scope::Sys;
       }},
      {"atom.global.add.f64 %fd1, [%rd1], %fd2;", O::Atom, T::F64, T::None, C::Mem, any},
      {"atom.exch.b32 %r1, [%rd1], %r2;", O::Atom, T::B32, T::None, C::Mem,
       [](const Instr& i) { return i.atom == AtomOp::Exch; }},
      {"red.global.add.f32 [%rd1], %f1;", O::Red, T::F32, T::None, C::Mem,
       [](const Instr& i) { return i.atom == AtomOp::Add; }},
      {"red.shared.min.s32 [%r1], %r2;", O::Red, T::S32, T::None, C::Mem,
       [](const Instr& i) { return i.atom == AtomOp::Min; }},
      {"red.relaxed.gpu.global.dec.u32 [%rd1], 5;", O::Red, T::U32, T::None, C::Mem,
       [](const Instr& i) { return i.atom == AtomOp::Dec; }},
      {"shfl.sync.idx.b32 %r1|%p1, %r2, %r3, 31, -1;", O::Shfl, T::B32, T::None, C::IntAlu,
       [](const Instr& i) { return i.shfl == ShflMode::Idx && i.ops.size() == 5 && i.dst_pred != kNoReg; }},
      {"shfl.down.b32 %r1, %r2, 1, 31;", O::Shfl, T::B32, T::None, C::IntAlu,
       [](const Instr& i) { return i.shfl == ShflMode::Down && i.ops.size() == 4; }},
      {"vote.sync.ballot.b32 %r1, %p1, -1;", O::Vote, T::B32, T::None, C::IntAlu,
       [](const Instr& i) { return i.vote == VoteMode::Ballot && i.ops[2].imm == 0xffffffffu; }},
      {"vote.ballot.b32 %r1, %p1;", O::Vote, T::B32, T::None, C::IntAlu,
       [](const Instr& i) { return i.vote == VoteMode::Ballot; }},
      {"vote.sync.uni.pred %p1, !%p2, %r1;", O::Vote, T::Pred, T::None, C::IntAlu,
       [](const Instr& i) { return i.vote == VoteMode::Uni && !i.uni; }},
      {"vote.all.pred %p1, %p2;", O::Vote, T::Pred, T::None, C::IntAlu,
       [](const Instr& i) { return i.vote == VoteMode::All; }},
      {"match.all.sync.b64 %r1|%p1, %rd1, -1;", O::Match, T::B64, T::None, C::IntAlu,
       [](const Instr& i) { return i.vote == VoteMode::All && i.dst_pred != kNoReg; }},
      {"match.any.sync.b32 %r1, %r2, %r3;", O::Match, T::B32, T::None, C::IntAlu,
       [](const Instr& i) { return i.vote == VoteMode::Any; }},
      {"activemask.b32 %r1;", O::Activemask, T::B32, T::None, C::IntAlu, any},
      {"redux.sync.or.b32 %r1, %r2, -1;", O::Redux, T::B32, T::None, C::IntAlu,
       [](const Instr& i) { return i.atom == AtomOp::Or; }},
      {"trap;", O::Trap, T::None, T::None, C::Ctrl, any},
      {"brkpt;", O::Brkpt, T::None, T::None, C::Ctrl, any},
      {"pmevent 3;", O::Pmevent, T::None, T::None, C::Sync, any},
      {"exit;", O::Exit, T::None, T::None, C::Ctrl, any},
      {"ret.uni;", O::Ret, T::None, T::None, C::Ctrl, [](const Instr& i) { return i.uni; }},
      {"isspacep.shared %p1, %rd1;", O::Isspacep, T::None, T::None, C::IntAlu,
       [](const Instr& i) { return i.space == Space::Shared; }},
      {"prefetch.global.L2 [%rd1];", O::Prefetch, T::None, T::None, C::Mem,
       [](const Instr& i) { return i.space == Space::Global; }},
      // Out of scope: recognised as Unsupported, operands not interpreted.
      {"wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f1,%f2,%f3,%f4,%f5,%f6,%f7,%f8}, {%r1}, {%r2}, {%f1};",
       O::Unsupported, T::None, T::None, C::IntAlu, any},
      {"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r1,%r2,%r3,%r4}, [%r5];", O::Unsupported,
       T::None, T::None, C::IntAlu, any},
      // Textures and surfaces through object handles.
      {"tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [%rd1, {%f5,%f6}];", O::Tex, T::F32, T::F32, C::Mem,
       [](const Instr& i) { return i.geom == TexGeom::D2 && i.vec == 4 && i.ops.size() == 3; }},
      {"tex.level.a2d.v4.s32.f32 {%r1,%r2,%r3,%r4}, [%rd1, {%r5,%f5,%f6,%f6}], %f7;", O::Tex, T::S32, T::F32,
       C::Mem, [](const Instr& i) { return i.geom == TexGeom::A2d && i.lod == TexLod::Level && i.ops.size() == 4; }},
      {"tex.1d.v4.u32.s32 {%r1,%r2,%r3,%r4}, [%rd1, {%r5}];", O::Tex, T::U32, T::S32, C::Mem,
       [](const Instr& i) { return i.geom == TexGeom::D1; }},
      {"tld4.g.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [%rd1, {%f5,%f6}];", O::Tld4, T::F32, T::F32, C::Mem,
       [](const Instr& i) { return i.gather == 1 && i.geom == TexGeom::D2; }},
      {"suld.b.3d.v4.b32.clamp {%r1,%r2,%r3,%r4}, [%rd1, {%r5,%r6,%r7,%r7}];", O::Suld, T::B32, T::None,
       C::Mem, [](const Instr& i) { return i.vec == 4 && i.surf_clamp == SurfClamp::Clamp && i.geom == TexGeom::D3; }},
      {"sust.b.2d.b32.trap [%rd1, {%r1,%r2}], %r3;", O::Sust, T::B32, T::None, C::Mem,
       [](const Instr& i) { return i.surf_clamp == SurfClamp::Trap && i.writes.empty() && i.reads.size() == 4; }},
      {"suld.b.1d.cg.b16.zero %h1, [%rd1, {%r1}];", O::Suld, T::B16, T::None, C::Mem,
       [](const Instr& i) { return i.surf_clamp == SurfClamp::Zero && i.vec == 1; }},
      {"txq.width.b32 %r1, [%rd1];", O::Txq, T::B32, T::None, C::IntAlu,
       [](const Instr& i) { return i.query == TexQuery::Width; }},
      {"suq.array_size.b32 %r1, [%rd1];", O::Suq, T::B32, T::None, C::IntAlu,
       [](const Instr& i) { return i.query == TexQuery::ArraySize; }},
      // Texture forms scwarp leaves out: multisample, formatted surface
      // stores, surface reductions, an explicit sampler.
      {"tex.2dms.v4.f32.s32 {%f1,%f2,%f3,%f4}, [%rd1, {%r1,%r2,%r3,%r4}];", O::Unsupported, T::None, T::None,
       C::IntAlu, any},
      {"sust.p.2d.b32.trap [%rd1, {%r1,%r2}], {%r3};", O::Unsupported, T::None, T::None, C::IntAlu, any},
      {"sured.b.add.1d.u32.trap [%rd1, {%r1}], %r2;", O::Unsupported, T::None, T::None, C::IntAlu, any},
      {"tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [%rd1, %rd2, {%f5,%f6}];", O::Unsupported, T::None, T::None,
       C::IntAlu, any},
      {"atom.global.v2.f32.add {%f1,%f2}, [%rd1], {%f3,%f4};", O::Unsupported, T::None, T::None,
       C::IntAlu, any},
      // Qualifiers that do not belong to the opcode make it unsupported, not ignored.
      {"add.v4.s32 %r1, %r2, %r3;", O::Unsupported, T::None, T::None, C::IntAlu, any},
      {"mov.global.u32 %r1, %r2;", O::Unsupported, T::None, T::None, C::IntAlu, any},
      {"mul.wide.cc.f32 %f1, %f2, %f3;", O::Unsupported, T::None, T::None, C::IntAlu, any},
      {"add.acquire.s32 %r1, %r2, %r3;", O::Unsupported, T::None, T::None, C::IntAlu, any},
      {"brx.idx %r1, tbl;", O::Unsupported, T::None, T::None, C::IntAlu, any},
      {"ld.global.L2::cache_hint.b32 %r1, [%rd1], %rd2;", O::Unsupported, T::None, T::None,
       C::IntAlu, any},
  };
  return table;
}

TEST(OpcodeDecoding, EveryTableEntryDecodes) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.line);
    Instr in = parse_one(c.line);
    EXPECT_EQ(in.op, c.op);
    EXPECT_EQ(in.cls, c.cls) << class_name(in.cls);
    if (c.op == Opcode::Unsupported) {
      std::string line(c.line);
      EXPECT_EQ(in.text, line.substr(0, line.find(' ')));
      continue;
    }
    EXPECT_EQ(in.type, c.type) << type_name(in.type);
    EXPECT_EQ(in.type2, c.type2) << type_name(in.type2);
    EXPECT_TRUE(c.extra(in));
  }
}

TEST(OpcodeDecoding, TextIsTheFullOpcodeAndPositionIsTheOpcodes) {
  Module m = parse_text(wrap_kernel("  @!%p1 ld.global.v2.f32 {%f1, %f2}, [%rd1+8];"));
  const Instr& in = m.find_function("k")->code[0];
  EXPECT_EQ(in.text, "ld.global.v2.f32");
  EXPECT_EQ(in.line, uint32_t(kBodyLine));
  EXPECT_EQ(in.col, 9u);
  EXPECT_TRUE(in.guard_neg);
  EXPECT_NE(in.guard, kNoReg);
}

TEST(OpcodeDecoding, NamesOfEnums) {
  EXPECT_STREQ(opcode_name(Opcode::BarWarpSync), "bar.warp.sync");
  EXPECT_STREQ(opcode_name(Opcode::Unsupported), "unsupported");
  EXPECT_STREQ(type_name(Type::BF16x2), "bf16x2");
  EXPECT_STREQ(space_name(Space::Shared), "shared");
  EXPECT_STREQ(class_name(InstrClass::Sfu), "sfu");
  EXPECT_EQ(type_bits(Type::Pred), 1u);
  EXPECT_EQ(type_bits(Type::F16x2), 32u);
  EXPECT_EQ(type_bits(Type::B128), 128u);
  EXPECT_TRUE(is_float(Type::BF16));
  EXPECT_FALSE(is_float(Type::U64));
  EXPECT_TRUE(is_signed_int(Type::S8));
  EXPECT_FALSE(is_signed_int(Type::B32));
}

}  // namespace
}  // namespace scwarp::ptx::test
