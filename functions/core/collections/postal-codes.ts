import { ValidationError, NotFoundError } from '../shared/domain-error';
import type { PostalCodePlace } from '#schemas/collections';
import { countries } from './reference-data';

/**
 * The postal codes the console recognises: the main code of each large city in the served countries.
 * A production deployment loads a full national dataset into this same shape.
 */
const PLACES: Array<[country: string, code: string, city: string, province: string]> = [
  ['IT', '00118', 'Roma', 'RM'],
  ['IT', '00184', 'Roma', 'RM'],
  ['IT', '20121', 'Milano', 'MI'],
  ['IT', '20122', 'Milano', 'MI'],
  ['IT', '10121', 'Torino', 'TO'],
  ['IT', '40121', 'Bologna', 'BO'],
  ['IT', '50122', 'Firenze', 'FI'],
  ['IT', '80121', 'Napoli', 'NA'],
  ['IT', '16121', 'Genova', 'GE'],
  ['IT', '30121', 'Venezia', 'VE'],
  ['IT', '90133', 'Palermo', 'PA'],
  ['IT', '24121', 'Bergamo', 'BG'],
  ['IT', '25121', 'Brescia', 'BS'],
  ['IT', '35121', 'Padova', 'PD'],
  ['IT', '37121', 'Verona', 'VR'],
  ['ES', '28001', 'Madrid', 'M'],
  ['ES', '08001', 'Barcelona', 'B'],
  ['ES', '46001', 'Valencia', 'V'],
  ['ES', '41001', 'Sevilla', 'SE'],
  ['ES', '48001', 'Bilbao', 'BI'],
  ['ES', '29001', 'Málaga', 'MA'],
  ['ES', '50001', 'Zaragoza', 'Z'],
  ['FR', '75001', 'Paris', '75'],
  ['FR', '69001', 'Lyon', '69'],
  ['FR', '13001', 'Marseille', '13'],
  ['FR', '31000', 'Toulouse', '31'],
  ['FR', '06000', 'Nice', '06'],
  ['FR', '33000', 'Bordeaux', '33'],
  ['FR', '67000', 'Strasbourg', '67'],
  ['DE', '10115', 'Berlin', 'BE'],
  ['DE', '80331', 'München', 'BY'],
  ['DE', '20095', 'Hamburg', 'HH'],
  ['DE', '50667', 'Köln', 'NW'],
  ['DE', '60311', 'Frankfurt am Main', 'HE'],
  ['DE', '70173', 'Stuttgart', 'BW'],
  ['PT', '1100-148', 'Lisboa', 'Lisboa'],
  ['PT', '4050-313', 'Porto', 'Porto'],
  ['PT', '3000-143', 'Coimbra', 'Coimbra'],
  ['GB', 'SW1A 1AA', 'London', 'Greater London'],
  ['GB', 'M1 1AE', 'Manchester', 'Greater Manchester'],
  ['US', '10001', 'New York', 'NY'],
  ['US', '94103', 'San Francisco', 'CA'],
  ['MX', '06000', 'Ciudad de México', 'CDMX'],
  ['CL', '8320000', 'Santiago', 'RM'],
  ['CO', '110111', 'Bogotá', 'DC'],
  ['BR', '01001-000', 'São Paulo', 'SP'],
];

const normalise = (code: string) => code.trim().toUpperCase().replace(/\s+/g, ' ');
const INDEX = new Map(PLACES.map(([country, code, city, province]) => [`${country}|${normalise(code)}`, { country, postalCode: code, city, province }]));

export class PostalCodeNotRecognisedException extends NotFoundError {
  constructor() {
    super('PostalCodeNotRecognisedException', 'Zip code not recognised');
  }
}

export function lookupPostalCode(country: string, code: string): PostalCodePlace {
  const known = countries.find((c) => c.code === country);
  if (!known) throw new PostalCodeNotRecognisedException();
  const normalised = normalise(code);
  if (!new RegExp(known.postalCodePattern).test(normalised)) {
    throw new ValidationError('InvalidPostalCodeException', 'Invalid postal code', [
      { path: 'code', message: `does not match the postal code format of ${country}` },
    ]);
  }
  const place = INDEX.get(`${country}|${normalised}`) ?? INDEX.get(`${country}|${normalised.replace(/[\s-]/g, '')}`);
  if (!place) throw new PostalCodeNotRecognisedException();
  return place;
}
