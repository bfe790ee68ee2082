import { CSV_BOM, csvCell, toCsv } from './csv';

describe('CSV', () => {
  it('quotes commas, quotes, newlines and edge spaces; numbers and blanks as they are', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(1930.5)).toBe('1930.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('Yes');
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+254700000000')).toBe("'+254700000000");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(-5)).toBe('-5');
  });

  it('starts with a UTF-8 BOM and ends lines with CRLF', () => {
    expect(toCsv(['Name', 'Net Sales'], [['Unga, "Jogoo"', '1930.00']])).toBe(`${CSV_BOM}Name,Net Sales\r\n"Unga, ""Jogoo""",1930.00\r\n`);
  });
});
