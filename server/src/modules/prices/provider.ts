/** Where card prices come from. The real one is eBay's sold listings; tests point it at a local server. */
export interface PriceProvider {
  readonly name: string;
  soldPrices(query: { cardName: string; cardSet: string; gameBrand: string }): Promise<SoldPrices>;
}

export interface SoldPrices {
  ungraded: number | null;
  graded: number | null;
}

export class PriceProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PriceProviderError';
  }
}
