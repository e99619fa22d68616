import { phoneSchema, toE164 } from './phone';

describe('toE164', () => {
  it.each([
    ['+41 79 123 45 67', '+41791234567'],
    ['079 123 45 67', '+41791234567'],
    ['062 842 11 22', '+41628421122'],
    ['0041 79 123 45 67', '+41791234567'],
    ['+49 30 12345678', '+493012345678'],
  ])('%s -> %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each(['abc', '123', '+41 79 123', '079 123 45 67 89 00'])('rejects %s', (input) => {
    expect(toE164(input)).toBeNull();
  });
});

describe('phoneSchema', () => {
  const schema = phoneSchema('Bitte gib deine Telefonnummer ein.');

  it('says what is wrong: empty or not a number', () => {
    expect(schema.safeParse('  ').error?.issues[0]?.message).toBe('Bitte gib deine Telefonnummer ein.');
    expect(schema.safeParse('abc').error?.issues[0]?.message).toMatch(/gültige Telefonnummer/);
  });

  it('hands on the number in E.164', () => {
    expect(schema.parse(' 079 123 45 67 ')).toBe('+41791234567');
  });
});
