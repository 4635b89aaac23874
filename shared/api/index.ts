export * from './contract';
export * from './health';
export * from './listings';
export * from './auth';
export * from './profile';
export * from './wishlist';
export * from './lookup';
export * from './listing-write';
