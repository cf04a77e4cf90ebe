/** The heart on provider cards (loads the saving code on first use). */
export { LazySaveHeart } from './components/lazy-save-heart';
