export { MIN_SIZE } from '../../terminal/env';
