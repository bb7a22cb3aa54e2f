// Back-propagation network, the two kernels of one training step of the
// input -> hidden layer (HIDDEN = 16 hidden units):
//   backprop_layer_forward: a 16x16 block takes 16 inputs; thread (j, i)
//     multiplies input i by weight w[i][j], then the 16 products of each
//     hidden unit are summed by a tree reduction in shared memory (one
//     barrier per level); each block writes its 16 partial sums, which the
//     host adds up and squashes.
//   backprop_adjust_weights: each thread updates one weight with momentum
//     from the hidden layer's error terms:
//       dw = eta * delta[j] * input[i] + momentum * prev_dw[i][j].
#define HIDDEN 16

extern "C" __global__ void backprop_layer_forward(const float* input, const float* weights,
                                                  float* partial_sums) {
  __shared__ float in_tile[HIDDEN];
  __shared__ float products[HIDDEN][HIDDEN];
  int j = threadIdx.x, i_local = threadIdx.y;
  int i = blockIdx.x * HIDDEN + i_local;
  if (j == 0) in_tile[i_local] = input[i];
  __syncthreads();
  products[i_local][j] = in_tile[i_local] * weights[i * HIDDEN + j];
  __syncthreads();
  for (int half = HIDDEN / 2; half > 0; half /= 2) {
    if (i_local < half) products[i_local][j] += products[i_local + half][j];
    __syncthreads();
  }
  if (i_local == 0) partial_sums[blockIdx.x * HIDDEN + j] = products[0][j];
}

extern "C" __global__ void backprop_adjust_weights(const float* input, const float* delta,
                                                   float* weights, float* prev_dw, float eta,
                                                   float momentum) {
  int j = threadIdx.x;
  int i = blockIdx.x * HIDDEN + threadIdx.y;
  int w = i * HIDDEN + j;
  float dw = eta * delta[j] * input[i] + momentum * prev_dw[w];
  weights[w] += dw;
  prev_dw[w] = dw;
}
