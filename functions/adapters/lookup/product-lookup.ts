import type { UpcService } from '../../../shared/domain/admin-settings';
import type { ConfiguredService } from '../../core/lookup/lookup-services';
import type { ProductLookup } from '../../core/lookup/product-lookup';
import { secrets } from '../secrets';
import { barcodeLookupLookup } from './barcode-lookup-product-lookup';
import { upcItemDbLookup } from './upcitemdb-product-lookup';

/** The public UPCitemdb API unless PRODUCT_LOOKUP_URL points elsewhere (the local stand-in, tests). */
export const DEFAULT_PRODUCT_LOOKUP_URL = 'https://api.upcitemdb.com';
/** Barcode Lookup's API unless BARCODE_LOOKUP_URL points elsewhere (the local stand-in answers its shape too). */
export const DEFAULT_BARCODE_LOOKUP_URL = 'https://api.barcodelookup.com';

/** With the UPC service key an administrator saved, else the deployment's UPCITEMDB_USER_KEY, else the free trial. */
function upcItemDb(env: NodeJS.ProcessEnv): ProductLookup {
  return upcItemDbLookup(env.PRODUCT_LOOKUP_URL || DEFAULT_PRODUCT_LOOKUP_URL, () => secrets.find('upcServiceKey'));
}

/**
 * The UPC services this deployment configured (decision 069), in the order offered: UPCitemdb always (its free trial
 * needs no key), Barcode Lookup once BARCODE_LOOKUP_API_KEY is set. Go-UPC and Barcode Spider have no adapter yet.
 */
export function configuredProductServices(env: NodeJS.ProcessEnv = process.env): ConfiguredService[] {
  const services: ConfiguredService[] = [{ name: 'upcitemdb', lookup: upcItemDb(env) }];
  const key = env.BARCODE_LOOKUP_API_KEY;
  if (key) {
    services.push({
      name: 'barcodelookup',
      lookup: barcodeLookupLookup(env.BARCODE_LOOKUP_URL || DEFAULT_BARCODE_LOOKUP_URL, key),
    });
  }
  return services;
}

export const configuredUpcServices = (env: NodeJS.ProcessEnv = process.env): UpcService[] =>
  configuredProductServices(env).map((s) => s.name);
