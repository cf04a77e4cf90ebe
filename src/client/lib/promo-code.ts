/**
 * The promo code a customer chose with Redeem Now on /promotions (docs/product.md §7), kept in the
 * browser until a booking is paid with it (or another code replaces it), and pre-filled at checkout.
 * The server decides what it is worth; this only remembers what was chosen.
 */
const KEY = 'trillium_promo_code';

export function rememberPromoCode(code: string): void {
  try {
    localStorage.setItem(KEY, code.trim().toUpperCase());
  } catch {
    // Storage can be unavailable (private mode): the code can still be typed at checkout.
  }
}

export function rememberedPromoCode(): string | null {
  try {
    return localStorage.getItem(KEY) || null;
  } catch {
    return null;
  }
}

export function forgetPromoCode(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
