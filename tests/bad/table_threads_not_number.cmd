table --threads many
