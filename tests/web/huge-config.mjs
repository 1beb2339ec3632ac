// A config.json of `bytes` (or one key short of it): Llama 3.1 8B's architecture (Meta's published
// config.json), then `"xxxx":0` keys that no family reads, as tests/core/huge_config.hpp makes it.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The i-th filler key: four characters, least significant first ("aaaa", "baaa", …). */
export function hugeConfigKey(index) {
  let key = '';
  for (let i = 0; i < 4; i++) {
    key += ALPHABET[index % ALPHABET.length];
    index = Math.floor(index / ALPHABET.length);
  }
  return key;
}

export function hugeConfig(bytes) {
  const parts = [
    '{"model_type":"llama","architectures":["LlamaForCausalLM"],"hidden_size":4096,' +
      '"intermediate_size":14336,"num_attention_heads":32,"num_hidden_layers":32,' +
      '"num_key_value_heads":8,"vocab_size":128256,"max_position_embeddings":131072',
  ];
  let size = parts[0].length;
  let unusedKeys = 0;
  while (size + 9 + 1 <= bytes) {
    parts.push(`,"${hugeConfigKey(unusedKeys++)}":0`);
    size += 9;
  }
  parts.push('}');
  return { text: parts.join(''), unusedKeys };
}
