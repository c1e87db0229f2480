import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

// The lists the sign-up form reads before there is an account: countries, their states and cities, brands.

describe('brands and geography', () => {
  const context = useTestApp();

  it('lists countries in the caller language, with states and cities', async () => {
    const italian = await context.app.inject({ method: 'GET', url: '/api/v1/countries' });
    expect(italian.json()).toContainEqual({ iso2: 'DE', name: 'Germania' });
    const english = await context.app.inject({
      method: 'GET',
      url: '/api/v1/countries',
      headers: { 'accept-language': 'en' },
    });
    expect(english.json()).toContainEqual({ iso2: 'DE', name: 'Germany' });
    // Italy's provinces and comuni are ISTAT's (italian-places.test.ts covers them).
    const states = await context.app.inject({ method: 'GET', url: '/api/v1/countries/IT/states' });
    expect(states.json()).toContainEqual({ iso2: 'MI', name: 'Milano' });
    const cities = await context.app.inject({ method: 'GET', url: '/api/v1/countries/IT/states/MI/cities' });
    expect(cities.json()).toContainEqual({ iso2: 'Milano', name: 'Milano' });
  });

  it('answers 404 for an unknown country or state', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/countries/ZZ/states' })).statusCode).toBe(
      404,
    );
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/v1/countries/IT/states/NOPE/cities' }))
        .statusCode,
    ).toBe(404);
  });

  it('lists enabled brands only', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/brands' });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
  });
});
