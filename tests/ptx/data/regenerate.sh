#!/bin/sh
# Regenerates the PTX fixtures from their CUDA sources (needs nvcc; the
# committed .ptx files were made with CUDA 13.0). Run from this folder.
set -e
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
"$NVCC" -arch=sm_75 -ptx features.cu -o features.ptx
"$NVCC" -arch=sm_75 -ptx -lineinfo features.cu -o features_lineinfo.ptx
"$NVCC" -arch=sm_80 -ptx memory_model.cu -o memory_model.ptx
"$NVCC" -arch=sm_75 -ptx library_calls.cu -o library_calls.ptx
