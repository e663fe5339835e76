// Entry: parse argv, resolve config, pick a face. Placeholder until the faces land.
process.stdout.write('sitedeck\n');
